// A world with real data for the browser measurements: campaigners' emergencies with photo-sized proof images
// (uploaded through the API, so they pass the server's image pipeline), a few boosted (featured), and donations
// paid on the local ledger and recorded by the server. Everything goes through the public API and /rpc.
import sharp from 'sharp'
import { boost, donate } from '../../tests/e2e/harness/api-world'
import { type ApiUser, registerApiUser } from '../../tests/e2e/harness/api-user'
import { randomAddress } from '../../tests/e2e/emergencies-fixtures'

export interface SeededWorld {
  /** The emergency the /donate/{id} measurement opens: featured, with images and donations. */
  donateId: number
  emergencies: number
  donations: number
}

const TITLES = [
  'Flood relief for the Rio Doce valley',
  'Rebuild the Kampala community clinic roof',
  'Winter fuel for Kharkiv shelters',
  'Clean water wells in Tigray',
  'Earthquake tents for Hatay families',
  'Wildfire recovery in Evia',
  'School meals after the Sindh floods',
  'Cyclone repairs on Vanuatu',
]

/** A photo-sized JPEG (1600 × 1200) with a photo's amount of detail: gradients plus grain, so it weighs what a
 * phone picture does after the pipeline (not a flat colour that compresses to nothing). */
function photo(seed: number): Promise<Buffer> {
  const width = 1600
  const height = 1200
  const pixels = Buffer.alloc(width * height * 3)
  let state = seed * 7919 + 1
  const noise = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff
    return (state % 48) - 24
  }
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      const wave = Math.sin((x + seed * 90) / 130) * 40 + Math.cos((y - seed * 50) / 90) * 40
      pixels[i] = Math.max(0, Math.min(255, 90 + (x / width) * 120 + wave + noise()))
      pixels[i + 1] = Math.max(0, Math.min(255, 110 + (y / height) * 90 - wave / 2 + noise()))
      pixels[i + 2] = Math.max(0, Math.min(255, 140 + seed * 12 - wave + noise()))
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 82 })
    .toBuffer()
}

async function createEmergency(baseUrl: string, owner: ApiUser, title: string, seed: number) {
  const form = new FormData()
  form.set('title', title)
  form.set(
    'description',
    `${title}. Families lost their homes and belongings; every SOL goes straight to the wallet below, and ` +
      'the proof images show the damage and the first repairs.',
  )
  form.set('sol_goal', String(20 + seed * 5))
  form.set('deadline', new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10))
  form.set('receiving_wallet', randomAddress())
  for (const shot of [seed, seed + 100, seed + 200])
    form.append(
      'proof_images',
      new Blob([new Uint8Array(await photo(shot))], { type: 'image/jpeg' }),
      'photo.jpg',
    )
  const response = await fetch(`${baseUrl}/api/emergency/create/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.access}` },
    body: form,
  })
  if (response.status !== 201) throw new Error(`create answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as { id: number; receiving_wallet: string }
}

const AMOUNTS = [0.25, 0.5, 0.1, 1.2]

export async function seedWorld(baseUrl: string, { quick }: { quick: boolean }): Promise<SeededWorld> {
  const owners = await Promise.all([0, 1].map((n) => registerApiUser(baseUrl, `owner${n}@bench.example`)))
  const donors = await Promise.all([0, 1, 2].map((n) => registerApiUser(baseUrl, `donor${n}@bench.example`)))
  const titles = quick ? TITLES.slice(0, 4) : TITLES
  const created = []
  for (const [index, title] of titles.entries())
    created.push(await createEmergency(baseUrl, owners[index % owners.length]!, title, index))
  const featured = created.slice(0, 2)
  for (const [index, emergency] of featured.entries()) await boost(baseUrl, owners[index]!, emergency.id)
  let donations = 0
  for (const [index, emergency] of created.entries()) {
    const count = quick ? 1 : index < 2 ? 4 : 2
    for (let n = 0; n < count; n++) {
      await donate(
        baseUrl,
        donors[n % donors.length]!,
        emergency,
        AMOUNTS[n % AMOUNTS.length]!,
        n === 0 ? 'Stay strong' : null,
      )
      donations++
    }
  }
  return { donateId: featured[0]!.id, emergencies: created.length, donations }
}
