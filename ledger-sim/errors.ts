/**
 * Solana's JSON-RPC error codes and TransactionError texts, so clients that match on them behave as on a real node.
 * @see https://github.com/anza-xyz/agave/blob/master/rpc-client-api/src/custom_error.rs
 * @see https://github.com/anza-xyz/agave/blob/master/sdk/transaction-error/src/lib.rs
 */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

export const INVALID_PARAMS = -32602
export const PREFLIGHT_FAILURE = -32002
export const SIGNATURE_VERIFICATION_FAILURE = -32003
export const UNSUPPORTED_TX_VERSION = -32015

export const invalidParams = (msg: string) => new RpcError(INVALID_PARAMS, msg)

/** Solana's TransactionError as it appears in JSON (`"AlreadyProcessed"`, `{InstructionError: [0, {Custom: 1}]}`). */
export type TxErrorJson = string | Record<string, unknown>

// Order = litesvm's TransactionErrorFieldless enum (= Solana's TransactionError variants without fields).
const TX_ERRORS: [string, string][] = [
  ['AccountInUse', 'Account in use'],
  ['AccountLoadedTwice', 'Account loaded twice'],
  ['AccountNotFound', 'Attempt to debit an account but found no record of a prior credit.'],
  ['ProgramAccountNotFound', 'Attempt to load a program that does not exist'],
  ['InsufficientFundsForFee', 'Insufficient funds for fee'],
  ['InvalidAccountForFee', 'This account may not be used to pay transaction fees'],
  ['AlreadyProcessed', 'This transaction has already been processed'],
  ['BlockhashNotFound', 'Blockhash not found'],
  ['CallChainTooDeep', 'Loader call chain is too deep'],
  ['MissingSignatureForFee', 'Transaction requires a fee but has no signature present'],
  ['InvalidAccountIndex', 'Transaction contains an invalid account reference'],
  ['SignatureFailure', 'Transaction did not pass signature verification'],
  ['InvalidProgramForExecution', 'This program may not be used for executing instructions'],
  ['SanitizeFailure', 'Transaction failed to sanitize accounts offsets correctly'],
  ['ClusterMaintenance', 'Transactions are currently disabled due to cluster maintenance'],
  [
    'AccountBorrowOutstanding',
    'Transaction processing left an account with an outstanding borrowed reference',
  ],
  ['WouldExceedMaxBlockCostLimit', 'Transaction would exceed max Block Cost Limit'],
  ['UnsupportedVersion', 'Transaction version is unsupported'],
  ['InvalidWritableAccount', 'Transaction loads a writable account that cannot be written'],
  ['WouldExceedMaxAccountCostLimit', 'Transaction would exceed max account limit within the block'],
  ['WouldExceedAccountDataBlockLimit', 'Transaction would exceed account data limit within the block'],
  ['TooManyAccountLocks', 'Transaction locked too many accounts'],
  ['AddressLookupTableNotFound', "Transaction loads an address table account that doesn't exist"],
  ['InvalidAddressLookupTableOwner', 'Transaction loads an address table account with an invalid owner'],
  ['InvalidAddressLookupTableData', 'Transaction loads an address table account with invalid data'],
  ['InvalidAddressLookupTableIndex', 'Transaction address table lookup uses an invalid index'],
  ['InvalidRentPayingAccount', 'Transaction leaves an account with a lower balance than rent-exempt minimum'],
  ['WouldExceedMaxVoteCostLimit', 'Transaction would exceed max Vote Cost Limit'],
  ['WouldExceedAccountDataTotalLimit', 'Transaction would exceed total account data limit'],
  ['MaxLoadedAccountsDataSizeExceeded', 'Transaction exceeded max loaded accounts data size cap'],
  ['ResanitizationNeeded', 'ResanitizationNeeded'],
  [
    'InvalidLoadedAccountsDataSizeLimit',
    'LoadedAccountsDataSizeLimit set for transaction must be greater than 0.',
  ],
  ['UnbalancedTransaction', 'Sum of account balances before and after transaction do not match'],
  ['ProgramCacheHitMaxLimit', 'Program cache hit max limit'],
  ['CommitCancelled', 'CommitCancelled'],
]

// Order = litesvm's InstructionErrorFieldless enum.
const IX_ERRORS =
  `GenericError:generic instruction error|InvalidArgument:invalid program argument|InvalidInstructionData:invalid instruction data|InvalidAccountData:invalid account data for instruction|AccountDataTooSmall:account data too small for instruction|InsufficientFunds:insufficient funds for instruction|IncorrectProgramId:incorrect program id for instruction|MissingRequiredSignature:missing required signature for instruction|AccountAlreadyInitialized:instruction requires an uninitialized account|UninitializedAccount:instruction requires an initialized account|UnbalancedInstruction:sum of account balances before and after instruction do not match|ModifiedProgramId:instruction illegally modified the program id of an account|ExternalAccountLamportSpend:instruction spent from the balance of an account it does not own|ExternalAccountDataModified:instruction modified data of an account it does not own|ReadonlyLamportChange:instruction changed the balance of a read-only account|ReadonlyDataModified:instruction modified data of a read-only account|DuplicateAccountIndex:instruction contains duplicate accounts|ExecutableModified:instruction changed executable bit of an account|RentEpochModified:instruction modified rent epoch of an account|NotEnoughAccountKeys:insufficient account keys for instruction|AccountDataSizeChanged:program other than the account's owner changed the size of the account data|AccountNotExecutable:instruction expected an executable account|AccountBorrowFailed:instruction tries to borrow reference for an account which is already borrowed|AccountBorrowOutstanding:instruction left account with an outstanding borrowed reference|DuplicateAccountOutOfSync:instruction modifications of multiply-passed account differ|InvalidError:invalid error|ExecutableDataModified:instruction changed executable accounts data|ExecutableLamportChange:instruction changed the balance of an executable account|ExecutableAccountNotRentExempt:executable accounts must be rent exempt|UnsupportedProgramId:Unsupported program id|CallDepth:Cross-program invocation call depth too deep|MissingAccount:An account required by the instruction is missing|ReentrancyNotAllowed:Cross-program invocation reentrancy not allowed for this instruction|MaxSeedLengthExceeded:Length of the seed is too long for address generation|InvalidSeeds:Provided seeds do not result in a valid address|InvalidRealloc:Failed to reallocate account data|ComputationalBudgetExceeded:Computational budget exceeded|PrivilegeEscalation:Cross-program invocation with unauthorized signer or writable account|ProgramEnvironmentSetupFailure:Failed to create program execution environment|ProgramFailedToComplete:Program failed to complete|ProgramFailedToCompile:Program failed to compile|Immutable:Account is immutable|IncorrectAuthority:Incorrect authority provided|AccountNotRentExempt:An account does not have enough lamports to be rent-exempt|InvalidAccountOwner:Invalid account owner|ArithmeticOverflow:Program arithmetic overflowed|UnsupportedSysvar:Unsupported sysvar|IllegalOwner:Provided owner is not allowed|MaxAccountsDataAllocationsExceeded:Accounts data allocations exceeded the maximum allowed per transaction|MaxAccountsExceeded:Max accounts exceeded|MaxInstructionTraceLengthExceeded:Max instruction trace length exceeded|BuiltinProgramsMustConsumeComputeUnits:Builtin programs must consume compute units|BorshIoError:Failed to serialize or deserialize account data`
    .split('|')
    .map((p) => p.split(':') as [string, string])

type Native =
  number | { index?: number; accountIndex?: number; err?: () => unknown; code?: number; toString(): string }

function ixErrorJson(e: unknown): [unknown, string] {
  if (typeof e === 'number') {
    const [name, text] = IX_ERRORS[e] ?? ['InvalidError', 'invalid error']
    return [name, text]
  }
  const o = e as { code?: number; toString(): string }
  if (typeof o.code === 'number')
    return [{ Custom: o.code }, `custom program error: 0x${o.code.toString(16)}`]
  return [{ BorshIoError: '' }, 'Failed to serialize or deserialize account data']
}

/** Turns litesvm's error value into Solana's JSON shape and its Display text. */
export function txErrorFromNative(err: Native): { json: TxErrorJson; message: string } {
  if (typeof err === 'number') {
    const [name, text] = TX_ERRORS[err] ?? [
      'SanitizeFailure',
      'Transaction failed to sanitize accounts offsets correctly',
    ]
    return { json: name, message: text }
  }
  const s = err.toString()
  if (typeof err.err === 'function' && typeof err.index === 'number') {
    const [json, text] = ixErrorJson(err.err())
    return {
      json: { InstructionError: [err.index, json] },
      message: `Error processing Instruction ${err.index}: ${text}`,
    }
  }
  if (s.includes('InsufficientFundsForRent')) {
    const i = err.accountIndex ?? 0
    return {
      json: { InsufficientFundsForRent: { account_index: i } },
      message: `Transaction results in an account (${i}) with insufficient funds for rent`,
    }
  }
  if (s.includes('DuplicateInstruction')) {
    return {
      json: { DuplicateInstruction: err.index ?? 0 },
      message: `Transaction contains a duplicate instruction (${err.index}) that is not allowed`,
    }
  }
  const i = err.accountIndex ?? 0
  return {
    json: { ProgramExecutionTemporarilyRestricted: { account_index: i } },
    message: `Execution of the program referenced by account at index ${i} is temporarily restricted.`,
  }
}

export const txError = (name: string): { json: TxErrorJson; message: string } => ({
  json: name,
  message: TX_ERRORS.find(([n]) => n === name)?.[1] ?? name,
})
