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
  mediaUrl,
} from './file-store'
