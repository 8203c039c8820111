ALTER TABLE "invitations" DROP CONSTRAINT "invitations_status_check";--> statement-breakpoint
ALTER TABLE "transaction_participants" ADD COLUMN "appointed_by" uuid;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transaction_participants" ADD CONSTRAINT "transaction_participants_appointed_by_profiles_id_fk" FOREIGN KEY ("appointed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_decided_by_profiles_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_proposed_email_key" ON "invitations" USING btree ("transaction_id","email") WHERE status = 'proposed';--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_status_check" CHECK (status in ('pending', 'proposed', 'accepted', 'declined', 'revoked'));--> statement-breakpoint
-- Decision 014 (appointments follow the instruction). Who appointed each participant: until now,
-- whoever invited them.
UPDATE transaction_participants SET appointed_by = invited_by WHERE appointed_by IS NULL AND invited_by IS NOT NULL;--> statement-breakpoint
-- A conveyancer appointed by someone other than that side's client or that side's conveyancer (a
-- surveyor, broker or estate agent, under the old rule) held the client's AML file without the
-- client's say. Such a seat becomes a proposal the client accepts or declines on the People tab
-- (status 'proposed', from the same person as before; its token is never sent), and the person leaves
-- the move until then. The inviter's role is read as access/transactions.ts viewerRoleSql reads it;
-- an inviter no longer on the move counts as no appointer.
WITH unconfirmed AS (
  SELECT tp.id, tp.transaction_id, tp.user_id, tp.role, tp.invited_by, tp.organization_id
  FROM transaction_participants tp JOIN transactions t ON t.id = tp.transaction_id
  WHERE tp.role IN ('buyer_conveyancer', 'seller_conveyancer') AND tp.invited_by IS NOT NULL AND tp.invited_by <> tp.user_id
    AND coalesce(
      (SELECT x.role FROM transaction_participants x WHERE x.transaction_id = tp.transaction_id AND x.user_id = tp.invited_by),
      CASE WHEN t.buyer_user_id = tp.invited_by THEN 'buyer' WHEN t.seller_user_id = tp.invited_by THEN 'seller' END,
      (SELECT CASE m.side WHEN 'buyer' THEN 'buyer_conveyancer' ELSE 'seller_conveyancer' END
        FROM matters m JOIN organization_members om ON om.organization_id = m.organization_id AND om.removed_at IS NULL
        WHERE m.transaction_id = tp.transaction_id AND om.profile_id = tp.invited_by ORDER BY m.side LIMIT 1),
      ''
    ) NOT IN (CASE tp.role WHEN 'buyer_conveyancer' THEN 'buyer' ELSE 'seller' END, tp.role)
), proposed AS (
  INSERT INTO invitations (transaction_id, email, role, organization_id, invited_by, token_hash, status, expires_at)
  SELECT u.transaction_id, lower(p.email), u.role, u.organization_id, u.invited_by, 'unsent-proposal:' || u.id::text, 'proposed', now()
  FROM unconfirmed u JOIN profiles p ON p.id = u.user_id
  WHERE NOT EXISTS (SELECT 1 FROM invitations o WHERE o.transaction_id = u.transaction_id AND o.email = lower(p.email) AND o.status = 'proposed')
  RETURNING id
)
DELETE FROM transaction_participants WHERE id IN (SELECT id FROM unconfirmed);--> statement-breakpoint
-- A pending invitation of a professional sent by someone who may not appoint that role (the rule of
-- src/shared/domain/appointments.ts) becomes a proposal too: its link stops working until the client
-- accepts, and the accepted proposal is emailed afresh.
UPDATE invitations i SET status = 'proposed'
FROM transactions t
WHERE t.id = i.transaction_id AND i.status = 'pending' AND i.gift_id IS NULL
  AND i.role NOT IN ('buyer', 'seller', 'giftor')
  AND NOT EXISTS (SELECT 1 FROM invitations o WHERE o.transaction_id = i.transaction_id AND o.email = i.email AND o.status = 'proposed')
  AND NOT (
    CASE
      WHEN i.role IN ('buyer_conveyancer', 'buyers_agent', 'mortgage_broker', 'surveyor') THEN ARRAY['buyer', 'buyer_conveyancer']
      WHEN i.role = 'seller_conveyancer' THEN ARRAY['seller', 'seller_conveyancer']
      ELSE ARRAY['seller']
    END @> ARRAY[coalesce(
      (SELECT x.role FROM transaction_participants x WHERE x.transaction_id = i.transaction_id AND x.user_id = i.invited_by),
      CASE WHEN t.buyer_user_id = i.invited_by THEN 'buyer' WHEN t.seller_user_id = i.invited_by THEN 'seller' END,
      (SELECT CASE m.side WHEN 'buyer' THEN 'buyer_conveyancer' ELSE 'seller_conveyancer' END
        FROM matters m JOIN organization_members om ON om.organization_id = m.organization_id AND om.removed_at IS NULL
        WHERE m.transaction_id = i.transaction_id AND om.profile_id = i.invited_by ORDER BY m.side LIMIT 1),
      ''
    )]
  );
