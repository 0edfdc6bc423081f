import { useCallback } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useNavigate } from "react-router";
import { useToast } from "~/components/shell/Toaster";
import { checkNavigation } from "../lib/urls/safe-navigation";

/**
 * Navigation for addresses that come from data (editors, partners, the server): internal paths
 * go through the router; an external address only with `external: true`, in a new tab without
 * opener; script URLs never. A refusal is shown as an error toast.
 */
export function useSafeNavigate() {
  const navigate = useNavigate();
  const toast = useToast();
  const { t } = useTranslation();
  return useCallback(
    (target: string, options: { external?: boolean; replace?: boolean } = {}): boolean => {
      const verdict = checkNavigation(target, window.location.origin, options);
      if (!verdict.ok) {
        toast(t("safeNav.blocked"), { type: "error" });
        return false;
      }
      if (verdict.external) window.open(verdict.href, "_blank", "noopener,noreferrer");
      else void navigate(verdict.href, { replace: options.replace });
      return true;
    },
    [navigate, toast, t],
  );
}
