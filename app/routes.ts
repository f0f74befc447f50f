import type { RouteConfig } from "@remix-run/route-config";
import { flatRoutes } from "@remix-run/fs-routes";

/**
 * The shop's routes: the files of app/routes/, named by Remix's flat-routes convention, as before the
 * route config existed (decision 170). React Router 7 reads the same file from `@react-router/fs-routes`.
 */
export default flatRoutes() satisfies RouteConfig;
