// A QR code as crisp SVG (uqr: 0 dependencies, ~4 KB gzip). Dark
// modules on white whatever the theme: scanners need the contrast.
import { encode } from 'uqr'

const BORDER = 4 // the quiet zone the QR standard asks for, in modules

export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const { data, size: modules } = encode(text, { ecc: 'M', border: 0 })
  let path = ''
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x + BORDER} ${y + BORDER}h1v1h-1z`
    }),
  )
  const full = modules + 2 * BORDER
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${full} ${full}`}
      shapeRendering="crispEdges"
      data-qr={text}
    >
      <rect width={full} height={full} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
