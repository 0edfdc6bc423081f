import { useLoaderData } from "react-router";
import { adminLangOf } from "~/components/admin/admin-lang";
import { staffNextPath } from "~/lib/staff-access";
import { SignInForm } from "~/components/admin/account/SignInForm";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { staffMeta } from "~/components/admin/meta";
import type { Route } from "./+types/sign-in";

export async function loader({ request, context }: Route.LoaderArgs) {
  // Only a page of the staff area, normalised: never an address elsewhere (no open redirect).
  const next = staffNextPath(new URL(request.url).searchParams.get("next"));
  return { next, signedIn: Boolean(context.staff), lang: adminLangOf(request.headers.get("cookie")) };
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
