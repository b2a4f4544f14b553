import { createBrowserRouter } from 'react-router'
import { queryClient } from '../lib/query-client'
import { createRoutes } from './routes'

export const createAppRouter = () => createBrowserRouter(createRoutes(queryClient))
