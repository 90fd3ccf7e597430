-- The support team's files on a ticket counted against the customer organization's storage
-- quota: they count against no organization's.
UPDATE "support_attachments" SET "organization_id" = NULL
WHERE "message_id" IN (SELECT "id" FROM "support_ticket_messages" WHERE "author" = 'support');
