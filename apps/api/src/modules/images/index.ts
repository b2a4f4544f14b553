/** The image host's face to other modules: the doctors module checks and removes photos through it. */
export { imageUrl, storedNameOf } from './image-url'
export { deleteImageIfUnused } from './repository'
export { imagesRoutes } from './routes'
export { removeImageFiles } from './stored-files'
export { uploadsRoutes } from './uploads-routes'
