import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { PAGE_ROUTES as pages } from "./lib/page-paths";

/**
 * Every page of spec section 2 exists bare (English) and under /:lang. Paths the router cannot
 * tell apart by shape (/zh vs /blog-guides, /zh/blog-guides vs /blog-guides/tag) go to one
 * dispatcher that decides from the segments themselves (docs/decisions/0007).
 */
export default [
  index("routes/home.tsx", { id: "home" }),
  ...pages.map(([path, file]) => route(path, file, { id: path })),
  ...pages.map(([path, file]) => route(`:lang/${path}`, file, { id: `lang/${path}` })),
  route(":lang", "routes/dispatch.tsx", { id: "dispatch-1" }),
  route(":lang/:second", "routes/dispatch.tsx", { id: "dispatch-2" }),
  route(":lang/:second/:third", "routes/dispatch.tsx", { id: "dispatch-3" }),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
