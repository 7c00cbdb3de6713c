// framer-motion's animation features, drag and layout included (bottom sheets follow the finger; toasts restack):
// loaded by LazyMotion after the motion parts themselves (motion-parts.tsx).
export { domMax as default } from 'framer-motion'
