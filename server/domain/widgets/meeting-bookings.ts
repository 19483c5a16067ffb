import { sql, type RawBuilder } from 'kysely';

/**
 * Meeting bookings (the online form meetingBooking, docs/forms.md "Meeting bookings on the
 * meetings card"): a booking concerns the user who booked it, its host and each person of
 * its attendees rows.
 */
export const bookingForm = 'meetingBooking';

/**
 * The ids of the bookings that concern a user, as a subquery. A union of three index scans
 * (the creator index, the host field's index, the attendees index of migration 0020) rather
 * than one OR that would read every booking.
 */
export function bookingsOf(userId: string): RawBuilder<unknown> {
  return sql`select id from form_records
      where form_key = ${bookingForm} and created_by = ${userId}
    union
    select id from form_records
      where form_key = ${bookingForm} and data->>'host' = ${userId}
    union
    select s.record_id from form_sub_rows s
      where s.sub_table = 'attendees' and s.data->>'person' = ${userId}`;
}
