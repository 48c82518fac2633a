CREATE TABLE "chat_room_counts" (
	"channel_id" uuid PRIMARY KEY NOT NULL,
	"rooms" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "message_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_room_counts" ADD CONSTRAINT "chat_room_counts_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_unread_idx" ON "chat_messages" USING btree ("subscriber_id","created_at","id") WHERE "chat_messages"."type" = 'inbox' and "chat_messages"."read_at" is null;--> statement-breakpoint
-- chat_room_counts.rooms follows chat_rooms (a room keeps its channel for life) and chat_rooms.message_count
-- follows chat_messages: one update per statement, not per row, including rows removed by cascades. A room is
-- stored after its first message, so a new room starts from the messages it already has.
CREATE OR REPLACE FUNCTION herald_chat_rooms_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO chat_room_counts (channel_id, rooms)
  SELECT channel_id, count(*)::int FROM added GROUP BY channel_id
  ON CONFLICT (channel_id) DO UPDATE SET rooms = chat_room_counts.rooms + excluded.rooms;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION herald_chat_rooms_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE chat_room_counts k SET rooms = k.rooms - n.c
    FROM (SELECT channel_id, count(*)::int AS c FROM removed GROUP BY channel_id) n
   WHERE k.channel_id = n.channel_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION herald_chat_room_first_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.message_count := (SELECT count(*)::int FROM chat_messages m WHERE m.subscriber_id = NEW.subscriber_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION herald_chat_messages_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE chat_rooms r SET message_count = r.message_count + n.c
    FROM (SELECT subscriber_id, count(*)::int AS c FROM added GROUP BY subscriber_id) n
   WHERE r.subscriber_id = n.subscriber_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION herald_chat_messages_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE chat_rooms r SET message_count = greatest(r.message_count - n.c, 0)
    FROM (SELECT subscriber_id, count(*)::int AS c FROM removed GROUP BY subscriber_id) n
   WHERE r.subscriber_id = n.subscriber_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER chat_rooms_count_insert AFTER INSERT ON chat_rooms
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION herald_chat_rooms_added();
--> statement-breakpoint
CREATE TRIGGER chat_rooms_count_delete AFTER DELETE ON chat_rooms
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION herald_chat_rooms_removed();
--> statement-breakpoint
CREATE TRIGGER chat_rooms_first_count BEFORE INSERT ON chat_rooms
  FOR EACH ROW EXECUTE FUNCTION herald_chat_room_first_count();
--> statement-breakpoint
CREATE TRIGGER chat_messages_count_insert AFTER INSERT ON chat_messages
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION herald_chat_messages_added();
--> statement-breakpoint
CREATE TRIGGER chat_messages_count_delete AFTER DELETE ON chat_messages
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION herald_chat_messages_removed();
--> statement-breakpoint
UPDATE chat_rooms r SET message_count = (SELECT count(*)::int FROM chat_messages m WHERE m.subscriber_id = r.subscriber_id);
--> statement-breakpoint
INSERT INTO chat_room_counts (channel_id, rooms)
SELECT channel_id, count(*)::int FROM chat_rooms GROUP BY channel_id;
