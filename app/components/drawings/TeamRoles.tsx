import { Badge, Button, Check, Text, Tile, Toolbar, Window, col, initial, row } from "./parts";
import { C, R, T } from "./tokens";
import type { DrawingKey, DrawingProps } from "./types";

const ROLES = ["team.owner", "team.admin", "team.member"] as const satisfies readonly DrawingKey[];
const ROLE_COLOURS: Record<(typeof ROLES)[number], [string, string]> = {
  "team.owner": [C.indigoDark, C.indigoSoft],
  "team.admin": [C.green, C.greenSoft],
  "team.member": [C.muted, C.chrome],
};
const MEMBERS: [DrawingKey, (typeof ROLES)[number], string, number][] = [
  ["team.m1", "team.owner", "#4f46e5", 24],
  ["team.m2", "team.admin", "#0891b2", 18],
  ["team.m3", "team.member", "#db2777", 9],
  ["team.m4", "team.member", "#d97706", 6],
];
/** Which role may do what: the matrix the drawing shows. */
const MATRIX: [DrawingKey, boolean, boolean, boolean][] = [
  ["team.openProfiles", true, true, true],
  ["team.editProfiles", true, true, false],
  ["team.shareProfiles", true, true, false],
  ["team.manageProxies", true, true, false],
  ["app.automation", true, true, true],
  ["team.billing", true, false, false],
];

/** Team members with their roles, and what each role may do. */
export function TeamRoles({ t }: DrawingProps) {
  return (
    <Window t={t} active="app.team">
      <Toolbar title={t("app.team")}>
        <Button>{`+ ${t("team.invite")}`}</Button>
      </Toolbar>
      <div style={row({ flexGrow: 1, alignItems: "stretch", padding: 20, gap: 20 })}>
        <div style={col({ width: 290, flexShrink: 0, gap: 10 })}>
          <Text size={T.xs} color={C.faint} bold style={{ marginBottom: 2 }}>
            {t("team.members")}
          </Text>
          {MEMBERS.map(([name, role, colour, profiles]) => (
            <div key={name} style={row({ gap: 10, padding: "14px 12px", borderRadius: R.lg, border: `1px solid ${C.line}` })}>
              <Tile letter={initial(t(name))} color={colour} size={32} radius={R.pill} />
              <div style={col({ flexGrow: 1, gap: 2, minWidth: 0 })}>
                <Text color={C.ink} bold>
                  {t(name)}
                </Text>
                <Text size={T.xs} color={C.faint}>
                  {`${profiles} · ${t("app.profiles")}`}
                </Text>
              </div>
              <Badge color={ROLE_COLOURS[role][0]} background={ROLE_COLOURS[role][1]}>
                {t(role)}
              </Badge>
            </div>
          ))}
        </div>
        <div style={col({ flexGrow: 1, minWidth: 0, alignSelf: "flex-start", borderRadius: R.lg, border: `1px solid ${C.line}`, overflow: "hidden" })}>
          <div style={row({ height: 44, padding: "0 16px", background: C.panel, borderBottom: `1px solid ${C.line}` })}>
            <Text size={T.sm} color={C.ink} bold style={{ flexGrow: 1 }}>
              {t("team.permissions")}
            </Text>
            {ROLES.map((role) => (
              <Text key={role} size={T.xs} color={C.muted} bold style={{ width: 86, justifyContent: "center" }}>
                {t(role)}
              </Text>
            ))}
          </div>
          {MATRIX.map(([key, ...allowed], i) => (
            <div key={key} style={row({ height: 58, padding: "0 16px", borderBottom: i < MATRIX.length - 1 ? `1px solid ${C.line}` : "none" })}>
              <Text size={T.sm} color={C.text} style={{ flexGrow: 1 }}>
                {t(key)}
              </Text>
              {allowed.map((on, i) => (
                <div key={i} style={row({ width: 86, justifyContent: "center" })}>
                  <Check on={on} />
                </div>
              ))}
            </div>
          ))}
        </div>
      </div>
    </Window>
  );
}
