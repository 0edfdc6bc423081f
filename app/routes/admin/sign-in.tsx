import { pageLoader } from "../../../server/http/page-loader.server";
import { useLoaderData } from "react-router";
import { staffNextPath } from "@contracts/staff-access";
import { SignInForm } from "~/components/admin/account/SignInForm";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { staffMetaIn } from "~/components/admin/meta";
import type { Route } from "./+types/sign-in";

export const loader = pageLoader({ adminWords: ["account"] }, ({ request, context }: Route.LoaderArgs) => {
  // Only a page of the staff area, normalised: never an address elsewhere (no open redirect).
  const next = staffNextPath(new URL(request.url).searchParams.get("next"));
  return { next, signedIn: Boolean(context.staff) };
});

export const meta: Route.MetaFunction = ({ matches }) => staffMetaIn(matches, (t) => t("titles.signIn"));

export const handle = { layout: "admin" };

export default function SignInPage() {
  const { next, signedIn } = useLoaderData<typeof loader>();
  return <SignInForm next={next} signedIn={signedIn} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
