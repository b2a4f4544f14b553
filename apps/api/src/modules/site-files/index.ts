/** sitemap.xml and robots.txt, written with PUBLIC_URL. */
export { siteFilesRoutes } from './routes'
