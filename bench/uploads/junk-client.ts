// The client side of the uploads bench's memory row, in a process of its own so that the server's memory is measured
// alone: `count` creates at once of 10 files of 4.9 MB that are not images (random bytes), one payload shared by all.
// argv[2]: JSON {url, headers: [...one set per request]}. Prints the answers as JSON.
import { randomFillSync } from 'node:crypto'
import { imagesForm } from './upload-server'

const { url, headers } = JSON.parse(process.argv[2]!) as { url: string; headers: Record<string, string>[] }
const form = imagesForm(randomFillSync(Buffer.alloc(4.9 * 1024 * 1024)), 10, 'image/jpeg')
const answers = await Promise.all(
  headers.map((h) =>
    fetch(url, {
      method: 'POST',
      headers: { ...h, ...form.headers },
      body: new Uint8Array(form.payload),
    }).then(
      async (r) => (await r.arrayBuffer(), String(r.status)),
      (e: Error) => e.message,
    ),
  ),
)
console.log(JSON.stringify({ answers, megabytes: form.payload.length / 1024 / 1024 }))
