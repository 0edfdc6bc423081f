import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";
import { PAGE_ROUTES as pages } from "./lib/urls/page-paths";

/**
 * Every page of spec section 2 exists bare (English) and under /:lang (an optional segment). Paths the router cannot
 * tell apart by shape (/zh vs /blog-guides, /zh/blog-guides vs /blog-guides/tag) go to one
 * dispatcher that decides from the segments themselves (docs/decisions/0007).
 */
export default [
  index("routes/home.tsx", { id: "home" }),
  // The staff area (docs/decisions/0020): English and Chinese only, never under a language prefix.
  route("admin/sign-in", "routes/admin/sign-in.tsx", { id: "admin-sign-in" }),
  route("admin/set-password", "routes/admin/set-password.tsx", { id: "admin-set-password" }),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", { id: "admin" }, [
      index("routes/admin/dashboard.tsx", { id: "admin-dashboard" }),
      route("account", "routes/admin/account.tsx", { id: "admin-account" }),
      route("staff", "routes/admin/staff.tsx", { id: "admin-staff" }),
      route("audit", "routes/admin/audit.tsx", { id: "admin-audit" }),
      route("content", "routes/admin/content.tsx", { id: "admin-content" }),
      route("content/edit", "routes/admin/content-edit.tsx", { id: "admin-content-edit" }),
      route("translations", "routes/admin/translations.tsx", { id: "admin-translations" }),
      route("bookings", "routes/admin/bookings.tsx", { id: "admin-bookings" }),
      route("bookings/schedule", "routes/admin/booking-schedule.tsx", { id: "admin-booking-schedule" }),
      route("bookings/:id", "routes/admin/booking.tsx", { id: "admin-booking" }),
      route("inbox", "routes/admin/inbox.tsx", { id: "admin-inbox" }),
      route("inbox/:kind/:id", "routes/admin/inbox-item.tsx", { id: "admin-inbox-item" }),
      route("comments", "routes/admin/comments.tsx", { id: "admin-comments" }),
      route("feedback", "routes/admin/feedback.tsx", { id: "admin-feedback" }),
      route("usage", "routes/admin/usage.tsx", { id: "admin-usage" }),
      route("*", "routes/admin/not-found.tsx", { id: "admin-not-found" }),
    ]),
  ]),
  // Each page once, bare and under a language by an optional segment: one route module in the
  // manifest and the server's route table instead of two (docs/decisions/0040).
  ...pages.map(([path, file]) => route(`:lang?/${path}`, file, { id: path })),
  route(":lang", "routes/dispatch.tsx", { id: "dispatch-1" }),
  route(":lang/:second", "routes/dispatch.tsx", { id: "dispatch-2" }),
  route(":lang/:second/:third", "routes/dispatch.tsx", { id: "dispatch-3" }),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
