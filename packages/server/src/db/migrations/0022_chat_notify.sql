-- Notices of what the shared inbox's polled pages show, on channel herald_chat (src/lib/chat-cache.ts), sent on
-- commit only, one per changed room, channel or company and statement (PostgreSQL folds repeats within a
-- transaction): 'c:<channel id>' a room or subscriber of the channel changed (room lists); 'r:<room id>' a
-- message or status log of the room, or the room itself went (message pages); 'k:<company id>' the company's
-- channels, the departments they belong to, or a user's name or company changed (all of the company's pages).
CREATE OR REPLACE FUNCTION herald_chat_notify_channels() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('herald_chat', 'c:' || x.channel_id::text) FROM (SELECT DISTINCT channel_id FROM changed) x;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION herald_chat_notify_rooms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('herald_chat', 'r:' || x.subscriber_id::text) FROM (SELECT DISTINCT subscriber_id FROM changed) x;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION herald_chat_notify_rooms_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('herald_chat', 'c:' || x.channel_id::text) FROM (SELECT DISTINCT channel_id FROM changed) x;
  PERFORM pg_notify('herald_chat', 'r:' || x.subscriber_id::text) FROM (SELECT DISTINCT subscriber_id FROM changed) x;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION herald_chat_notify_companies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('herald_chat', 'k:' || x.company_id::text) FROM (SELECT DISTINCT company_id FROM changed) x;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION herald_chat_notify_channel_departments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('herald_chat', 'k:' || x.company_id::text)
     FROM (SELECT DISTINCT c.company_id FROM changed d JOIN channels c ON c.id = d.channel_id) x;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION herald_chat_notify_user_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('herald_chat', 'k:' || x.company_id::text)
     FROM (SELECT o.company_id FROM before_rows o JOIN changed n ON n.id = o.id
            WHERE (n.first_name, n.last_name, n.company_id) IS DISTINCT FROM (o.first_name, o.last_name, o.company_id)
           UNION
           SELECT n.company_id FROM before_rows o JOIN changed n ON n.id = o.id
            WHERE (n.first_name, n.last_name, n.company_id) IS DISTINCT FROM (o.first_name, o.last_name, o.company_id)) x;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER chat_rooms_notify_insert AFTER INSERT ON chat_rooms
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION herald_chat_notify_channels();
--> statement-breakpoint
CREATE TRIGGER chat_rooms_notify_update AFTER UPDATE ON chat_rooms
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION herald_chat_notify_channels();
--> statement-breakpoint
CREATE TRIGGER chat_rooms_notify_delete AFTER DELETE ON chat_rooms
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION herald_chat_notify_rooms_gone();
--> statement-breakpoint
CREATE TRIGGER subscribers_notify_update AFTER UPDATE ON subscribers
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION herald_chat_notify_channels();
--> statement-breakpoint
CREATE TRIGGER subscribers_notify_delete AFTER DELETE ON subscribers
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION herald_chat_notify_channels();
--> statement-breakpoint
CREATE TRIGGER chat_messages_notify_insert AFTER INSERT ON chat_messages
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION herald_chat_notify_rooms();
--> statement-breakpoint
CREATE TRIGGER chat_messages_notify_update AFTER UPDATE ON chat_messages
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION herald_chat_notify_rooms();
--> statement-breakpoint
CREATE TRIGGER chat_messages_notify_delete AFTER DELETE ON chat_messages
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION herald_chat_notify_rooms();
--> statement-breakpoint
CREATE TRIGGER chat_room_status_logs_notify_insert AFTER INSERT ON chat_room_status_logs
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION herald_chat_notify_rooms();
--> statement-breakpoint
CREATE TRIGGER chat_room_status_logs_notify_update AFTER UPDATE ON chat_room_status_logs
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION herald_chat_notify_rooms();
--> statement-breakpoint
CREATE TRIGGER chat_room_status_logs_notify_delete AFTER DELETE ON chat_room_status_logs
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION herald_chat_notify_rooms();
--> statement-breakpoint
CREATE TRIGGER channels_notify_insert AFTER INSERT ON channels
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION herald_chat_notify_companies();
--> statement-breakpoint
CREATE TRIGGER channels_notify_update AFTER UPDATE ON channels
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION herald_chat_notify_companies();
--> statement-breakpoint
CREATE TRIGGER channels_notify_delete AFTER DELETE ON channels
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION herald_chat_notify_companies();
--> statement-breakpoint
CREATE TRIGGER channel_departments_notify_insert AFTER INSERT ON channel_departments
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION herald_chat_notify_channel_departments();
--> statement-breakpoint
CREATE TRIGGER channel_departments_notify_update AFTER UPDATE ON channel_departments
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION herald_chat_notify_channel_departments();
--> statement-breakpoint
CREATE TRIGGER channel_departments_notify_delete AFTER DELETE ON channel_departments
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION herald_chat_notify_channel_departments();
--> statement-breakpoint
CREATE TRIGGER users_notify_names AFTER UPDATE ON users
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION herald_chat_notify_user_names();
--> statement-breakpoint
CREATE TRIGGER users_notify_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION herald_chat_notify_companies();
