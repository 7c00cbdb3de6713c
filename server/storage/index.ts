export { diskStore } from './disk-store'
export { type FileStore, type StoredFile, isGeneratedName, mimeOfName, mediaUrl } from './file-store'
