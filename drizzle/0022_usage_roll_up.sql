CREATE TABLE "usage_daily" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"a" text NOT NULL,
	"b" text NOT NULL,
	"c" text NOT NULL,
	"events" integer NOT NULL,
	CONSTRAINT "usage_daily_day_kind_a_b_c_pk" PRIMARY KEY("day","kind","a","b","c")
);
--> statement-breakpoint
CREATE TABLE "usage_daily_devices" (
	"day" date NOT NULL,
	"device_id" text NOT NULL,
	"events" integer NOT NULL,
	CONSTRAINT "usage_daily_devices_day_device_id_pk" PRIMARY KEY("day","device_id")
);
--> statement-breakpoint
-- What the usage report groups each kind of event by (server/services/usage.server.ts), in one place.
CREATE FUNCTION "usage_event_dims"(p_kind text, p_url text, p_lang text, p_data jsonb, OUT a text, OUT b text, OUT c text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_kind WHEN 'view' THEN regexp_replace(p_url, '^https?://[^/]+|[?#].*$', '', 'g')
                     WHEN 'error' THEN coalesce(p_data->>'error_type', '')
                     ELSE coalesce(p_data->>'key', '') END,
         CASE p_kind WHEN 'view' THEN p_lang
                     WHEN 'click' THEN left(coalesce(p_data->>'content', ''), 60)
                     WHEN 'error' THEN left(coalesce(p_data->>'error_message', ''), 200)
                     ELSE '' END,
         CASE p_kind WHEN 'click' THEN left(regexp_replace(coalesce(p_data->>'target_url', ''), '^https?://|[?#].*$', '', 'g'), 200)
                     WHEN 'error' THEN regexp_replace(p_url, '^https?://[^/]+|[?#].*$', '', 'g')
                     ELSE '' END
$$;--> statement-breakpoint
-- One grouped change per statement (a beacon's batch, a pruning batch), in key order so that
-- concurrent batches queue on shared rows instead of deadlocking; rows that reach zero go.
CREATE FUNCTION "usage_daily_keep"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO usage_daily AS u (day, kind, a, b, c, events)
    SELECT (e.occurred_at AT TIME ZONE 'UTC')::date, e.kind, d.a, d.b, d.c, -count(*)
    FROM old_rows e CROSS JOIN LATERAL usage_event_dims(e.kind, e.url, e.lang, e.data) d
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (day, kind, a, b, c) DO UPDATE SET events = u.events + excluded.events;
    INSERT INTO usage_daily_devices AS u (day, device_id, events)
    SELECT (occurred_at AT TIME ZONE 'UTC')::date, device_id, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, device_id) DO UPDATE SET events = u.events + excluded.events;
    DELETE FROM usage_daily WHERE day IN (SELECT DISTINCT (occurred_at AT TIME ZONE 'UTC')::date FROM old_rows) AND events <= 0;
    DELETE FROM usage_daily_devices WHERE day IN (SELECT DISTINCT (occurred_at AT TIME ZONE 'UTC')::date FROM old_rows) AND events <= 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO usage_daily AS u (day, kind, a, b, c, events)
    SELECT (e.occurred_at AT TIME ZONE 'UTC')::date, e.kind, d.a, d.b, d.c, count(*)
    FROM new_rows e CROSS JOIN LATERAL usage_event_dims(e.kind, e.url, e.lang, e.data) d
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (day, kind, a, b, c) DO UPDATE SET events = u.events + excluded.events;
    INSERT INTO usage_daily_devices AS u (day, device_id, events)
    SELECT (occurred_at AT TIME ZONE 'UTC')::date, device_id, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, device_id) DO UPDATE SET events = u.events + excluded.events;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "usage_daily_insert" AFTER INSERT ON "usage_events" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION usage_daily_keep();--> statement-breakpoint
CREATE TRIGGER "usage_daily_delete" AFTER DELETE ON "usage_events" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION usage_daily_keep();--> statement-breakpoint
CREATE TRIGGER "usage_daily_update" AFTER UPDATE ON "usage_events" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION usage_daily_keep();--> statement-breakpoint
-- The roll-up made from the events: here, with writers waiting, so no event is missed or counted twice.
CREATE FUNCTION "usage_daily_recount"() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM usage_daily;
  DELETE FROM usage_daily_devices;
  INSERT INTO usage_daily (day, kind, a, b, c, events)
  SELECT (e.occurred_at AT TIME ZONE 'UTC')::date, e.kind, d.a, d.b, d.c, count(*)
  FROM usage_events e CROSS JOIN LATERAL usage_event_dims(e.kind, e.url, e.lang, e.data) d GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO usage_daily_devices (day, device_id, events)
  SELECT (occurred_at AT TIME ZONE 'UTC')::date, device_id, count(*) FROM usage_events GROUP BY 1, 2;
$$;--> statement-breakpoint
LOCK TABLE "usage_events" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
SELECT usage_daily_recount();
