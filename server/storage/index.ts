export { diskStore } from './disk-store'
export {
  type FileStore,
  type StoredFile,
  type ImageMime,
  IMAGE_EXTENSIONS,
  generatedName,
  isGeneratedName,
  mimeOfName,
} from './file-store'
