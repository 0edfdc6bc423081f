import { useLoaderData } from "react-router";
import { adminLangOf } from "~/components/admin/admin-lang";
import { SignInForm } from "~/components/admin/account/SignInForm";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { staffMeta } from "~/components/admin/meta";
import type { Route } from "./+types/sign-in";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const next = url.searchParams.get("next") ?? "";
  // Only a path of the staff area: never an address elsewhere (no open redirect).
  const safeNext = /^\/admin(\/[\w\-/.?=&%]*)?$/.test(next) && !next.startsWith("//") ? next : "/admin";
  return { next: safeNext, signedIn: Boolean(context.staff), lang: adminLangOf(request.headers.get("cookie")) };
}

export const meta: Route.MetaFunction = ({ data }) => staffMeta(data?.lang === "zh" ? "登录" : "Sign in");

export const handle = { layout: "admin" };

export default function SignInPage() {
  const { next, signedIn } = useLoaderData<typeof loader>();
  return <SignInForm next={next} signedIn={signedIn} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
