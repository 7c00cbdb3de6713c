export { diskStore } from './disk-store'
export {
  type FileStore,
  type StoredFile,
  type ImageMime,
  IMAGE_EXTENSIONS,
  DOCUMENT_EXTENSIONS,
  type DocumentMime,
  generatedName,
  isGeneratedName,
  mimeOfName,
} from './file-store'
