// The live bench's idle viewers, in a process of their own so that reading them does not delay the bench's
// measuring streams: VIEWERS streams of STREAM_URL, each from its own client address (X-Forwarded-For). Prints
// 'ready' once all are open; on a line 'count' from stdin, prints the fewest and the most donation events one of
// them has received, as JSON.
import http from 'node:http'
import readline from 'node:readline'

const url = process.env.STREAM_URL!
const viewers = Number(process.env.VIEWERS)
const counts: number[] = []

function view(index: number): Promise<void> {
  return new Promise((resolve, reject) => {
    counts[index] = 0
    let tail = ''
    const address = `10.${index >> 16}.${(index >> 8) & 255}.${index & 255}`
    const request = http.get(url, { agent: false, headers: { 'x-forwarded-for': address } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`viewer ${index}: ${response.statusCode}`))
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        const text = tail + chunk
        counts[index]! += text.split('event: donation').length - 1
        tail = text.slice(-15)
      })
      resolve()
    })
    request.on('error', reject)
  })
}

for (let i = 0; i < viewers; i++) await view(i)
console.log('ready')
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'count')
    console.log(JSON.stringify({ fewest: Math.min(...counts), most: Math.max(...counts) }))
})
