import { Badge, Button, Check, Text, Toolbar, Window, col, row } from "./parts";
import { C, R, T } from "./tokens";
import type { DrawingKey, DrawingProps } from "./types";

/** An automation flow (RPA): its steps, one after another, and the log of its last run. */
export function Automation({ t }: DrawingProps) {
  const steps: [DrawingKey, string, string][] = [
    ["automation.openProfile", t("profiles.p1"), "#4f46e5"],
    ["automation.goTo", "https://shop.example.com/login", "#0891b2"],
    ["automation.click", t("automation.clickTarget"), "#7c3aed"],
    ["automation.type", t("automation.typeValue"), "#db2777"],
    ["automation.wait", t("automation.waitValue"), "#d97706"],
  ];
  const log: [string, DrawingKey][] = [
    ["09:00:01", "automation.logOpened"],
    ["09:00:03", "automation.logLoaded"],
    ["09:00:04", "automation.logClicked"],
    ["09:00:09", "automation.logDone"],
  ];
  return (
    <Window t={t} active="app.automation">
      <Toolbar title={t("automation.flow")}>
        <Badge>{t("automation.schedule")}</Badge>
        <Button>{t("app.run")}</Button>
      </Toolbar>
      <div style={row({ flexGrow: 1, alignItems: "stretch", padding: 20, gap: 20 })}>
        <div style={col({ flexGrow: 1, minWidth: 0 })}>
          {steps.map(([key, detail, colour], i) => (
            <div key={key} style={col({})}>
              <div
                style={row({
                  gap: 12,
                  padding: "10px 14px",
                  borderRadius: R.lg,
                  border: `1px solid ${C.line}`,
                  background: C.white,
                  boxShadow: "0 1px 2px rgba(15,23,42,0.06)",
                })}
              >
                <div
                  style={row({
                    width: 26,
                    height: 26,
                    borderRadius: R.pill,
                    justifyContent: "center",
                    background: colour,
                    color: C.white,
                    fontSize: T.sm,
                    fontWeight: 700,
                    flexShrink: 0,
                  })}
                >
                  {String(i + 1)}
                </div>
                <div style={col({ gap: 2, minWidth: 0 })}>
                  <Text color={C.ink} bold>
                    {t(key)}
                  </Text>
                  <Text size={T.sm} color={C.muted}>
                    {detail}
                  </Text>
                </div>
              </div>
              {i < steps.length - 1 ? <div style={{ display: "flex", width: 2, height: 12, marginLeft: 26, background: C.indigoLine }} /> : null}
            </div>
          ))}
        </div>
        <div style={col({ width: 300, flexShrink: 0, borderRadius: R.lg, background: C.ink, overflow: "hidden" })}>
          <div style={row({ height: 40, padding: "0 14px", gap: 8, borderBottom: "1px solid #1e293b" })}>
            <Text size={T.sm} color={C.white} bold style={{ flexGrow: 1 }}>
              {t("automation.log")}
            </Text>
            <Check size={16} />
          </div>
          <div style={col({ padding: 14, gap: 10 })}>
            {log.map(([time, key]) => (
              <div key={key} style={row({ gap: 10 })}>
                <Text size={T.sm} color="#818cf8" style={{ fontFamily: "monospace" }}>
                  {time}
                </Text>
                <Text size={T.sm} color={key === "automation.logDone" ? "#6ee7b7" : "#cbd5e1"}>
                  {t(key)}
                </Text>
              </div>
            ))}
          </div>
        </div>
      </div>
    </Window>
  );
}
