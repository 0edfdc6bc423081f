import { loadConfig } from "../server/config.server";
import { runMigrations } from "../server/db/client.server";
import { generateSlots, SLOT_HORIZON_DAYS } from "../server/services/bookings.server";
import { withDatabase } from "./db-tasks";

// Makes the coming weeks' booking slots from the schedule (booking_schedule, booking_closed_dates).
// Booked slots keep their times; unbooked future slots the schedule no longer has are removed,
// booked ones it no longer has are closed to new bookings (docs/decisions/0013).
await withDatabase(async ({ handle, logger }) => {
  await runMigrations(handle, logger);
  const { BUSINESS_TIME_ZONE } = loadConfig();
  const result = await generateSlots(handle.db, { timeZone: BUSINESS_TIME_ZONE });
  console.log(
    `booking slots for the next ${SLOT_HORIZON_DAYS} days (${BUSINESS_TIME_ZONE}): ${result.written} written, ${result.removed} removed, ${result.closed} closed (kept for their bookings)`,
  );
});
