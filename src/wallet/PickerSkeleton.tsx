import { SkeletonList } from '../components/Skeleton'

/** Rows of the final size while the wallet list loads (not spinners). */
export function PickerSkeleton() {
  return <SkeletonList count={2} height={64} label="Loading wallets" />
}
