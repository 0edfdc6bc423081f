import { Badge, Button, Country, Dot, Text, Tile, Toolbar, Window, col, initial, row } from "./parts";
import { C, R, T } from "./tokens";
import type { DrawingKey, DrawingProps } from "./types";

const COUNTRIES = {
  US: ["#1d4ed8", "#dc2626"],
  DE: ["#111827", "#f59e0b"],
  TH: ["#dc2626", "#1d4ed8"],
  VN: ["#dc2626", "#facc15"],
  BR: ["#16a34a", "#facc15"],
  JP: ["#f8fafc", "#dc2626"],
} as const;
type CountryCode = keyof typeof COUNTRIES;

const ROWS: { name: DrawingKey; tag: DrawingKey; os: string; browser: string; country: CountryCode; color: string; checking?: boolean }[] = [
  { name: "profiles.p1", tag: "profiles.tagShop", os: "Windows 11", browser: "Chrome 131", country: "US", color: "#4f46e5" },
  { name: "profiles.p2", tag: "profiles.tagAds", os: "macOS 14", browser: "Chrome 131", country: "US", color: "#0891b2" },
  { name: "profiles.p3", tag: "profiles.tagShop", os: "Windows 10", browser: "Edge 131", country: "DE", color: "#7c3aed" },
  { name: "profiles.p4", tag: "profiles.tagSocial", os: "Android 14", browser: "Chrome 131", country: "TH", color: "#db2777", checking: true },
  { name: "profiles.p5", tag: "profiles.tagShop", os: "Windows 11", browser: "Chrome 130", country: "BR", color: "#059669" },
  { name: "profiles.p6", tag: "profiles.tagSocial", os: "macOS 13", browser: "Safari 17", country: "JP", color: "#d97706" },
];

const GROUPS: [DrawingKey, number][] = [
  ["profiles.all", 24],
  ["profiles.shops", 9],
  ["profiles.ads", 8],
  ["profiles.social", 7],
];

const cell = (width: number) => col({ width, gap: 3, flexShrink: 0, minWidth: 0 });

/** The profile list: groups, a search bar, and profiles with their fingerprint, proxy and state. */
export function ProfileList({ t }: DrawingProps) {
  return (
    <Window t={t} active="app.profiles">
      <Toolbar title={t("app.profiles")}>
        <div style={row({ width: 200, height: 30, gap: 8, padding: "0 10px", borderRadius: R.md, border: `1px solid ${C.line}`, background: C.panel })}>
          <div style={{ display: "flex", width: 10, height: 10, borderRadius: R.pill, border: `2px solid ${C.faint}`, flexShrink: 0 }} />
          <Text size={T.sm} color={C.faint}>
            {t("app.search")}
          </Text>
        </div>
        <Button quiet>{t("profiles.filter")}</Button>
        <Button>{`+ ${t("profiles.new")}`}</Button>
      </Toolbar>
      <div style={row({ flexGrow: 1, alignItems: "stretch" })}>
        <div style={col({ width: 150, padding: "14px 10px", gap: 3, borderRight: `1px solid ${C.line}`, background: C.panel, flexShrink: 0 })}>
          <Text size={T.xs} color={C.faint} bold style={{ padding: "0 8px 6px" }}>
            {t("profiles.groups")}
          </Text>
          {GROUPS.map(([key, count], i) => (
            <div
              key={key}
              style={row({
                justifyContent: "space-between",
                gap: 6,
                padding: "6px 8px",
                borderRadius: R.md,
                background: i === 0 ? C.indigoSoft : "transparent",
              })}
            >
              <Text size={T.sm} color={i === 0 ? C.indigoDark : C.text} bold={i === 0}>
                {t(key)}
              </Text>
              <Text size={T.xs} color={C.faint}>
                {String(count)}
              </Text>
            </div>
          ))}
        </div>
        <div style={col({ flexGrow: 1, minWidth: 0, padding: "6px 16px 0" })}>
          <div style={row({ height: 34, gap: 10, borderBottom: `1px solid ${C.line}` })}>
            {(
              [
                ["profiles.name", 184],
                ["profiles.tags", 76],
                ["profiles.fingerprint", 104],
                ["profiles.proxy", 88],
              ] as const
            ).map(([key, width]) => (
              <Text key={key} size={T.xs} color={C.faint} bold style={{ width, flexShrink: 0 }}>
                {t(key)}
              </Text>
            ))}
          </div>
          {ROWS.map((r, i) => (
            <div key={r.name} style={row({ height: 64, gap: 10, borderBottom: `1px solid ${C.line}` })}>
              <div style={row({ width: 184, gap: 10, flexShrink: 0, minWidth: 0 })}>
                <Tile letter={initial(t(r.name))} color={r.color} size={30} radius={R.pill} />
                <div style={col({ gap: 2, minWidth: 0 })}>
                  <Text color={C.ink} bold>
                    {t(r.name)}
                  </Text>
                  <Text size={T.xs} color={C.faint}>
                    {`#${1042 + i * 7}`}
                  </Text>
                </div>
              </div>
              <div style={row({ width: 76, flexShrink: 0 })}>
                <Badge>{t(r.tag)}</Badge>
              </div>
              <div style={cell(104)}>
                <Text size={T.sm} color={C.ink}>
                  {r.os}
                </Text>
                <Text size={T.xs} color={C.muted}>
                  {r.browser}
                </Text>
              </div>
              <div style={cell(88)}>
                <Country code={r.country} top={COUNTRIES[r.country][0]} bottom={COUNTRIES[r.country][1]} />
                <div style={row({ gap: 5 })}>
                  <Dot color={r.checking ? "#f59e0b" : "#10b981"} size={7} />
                  <Text size={T.xs} color={C.muted}>
                    {t(r.checking ? "profiles.checking" : "profiles.online")}
                  </Text>
                </div>
              </div>
              <div style={row({ flexGrow: 1, justifyContent: "flex-end" })}>
                <Button quiet={i !== 0}>{t("app.open")}</Button>
              </div>
            </div>
          ))}
        </div>
      </div>
    </Window>
  );
}
