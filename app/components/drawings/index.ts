/**
 * The product, drawn (docs/decisions/0031): five pictures of the app as React components that
 * render in the page and, unchanged, in satori for the share images.
 */
import type { ComponentType } from "react";
import { Automation } from "./Automation";
import { ChatWorkspace } from "./ChatWorkspace";
import { FingerprintSettings } from "./FingerprintSettings";
import { ProfileList } from "./ProfileList";
import { TeamRoles } from "./TeamRoles";
import type { DrawingProps } from "./types";

import type { DrawingName } from "./names";

export { DRAWING_NAMES, isDrawingName, type DrawingName } from "./names";

export const DRAWINGS: Record<DrawingName, ComponentType<DrawingProps>> = {
  profiles: ProfileList,
  fingerprint: FingerprintSettings,
  team: TeamRoles,
  automation: Automation,
  chat: ChatWorkspace,
};
