-- Issue 35 item 3: every audit entry has an audience (docs/decisions/052-activity-audiences.md).
-- The column is filled for the entries written before, from the kind's rule of
-- src/shared/domain/activity-audiences.ts as it stood when this was written; an entry about a
-- restricted document (a signed gifted-deposit declaration, documents.audience 'buyer_funds') takes
-- that audience, and due diligence the firm of the client it is about. Kinds not listed stay
-- 'everyone' (the column's default), as every entry was before. The audience is not hashed, so the
-- chain is unchanged.
ALTER TABLE "activity_events" ADD COLUMN "audience" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_audience_check" CHECK (audience in ('everyone', 'buyer_side', 'seller_side', 'buyer_client', 'seller_client', 'buyer_funds', 'buyer_firm', 'seller_firm'));--> statement-breakpoint
ALTER TABLE activity_events DISABLE TRIGGER activity_events_append_only;
--> statement-breakpoint
UPDATE activity_events e SET audience = CASE
  WHEN e.kind LIKE 'cdd.%' THEN coalesce(
    (SELECT CASE c.side WHEN 'seller' THEN 'seller_firm' ELSE 'buyer_firm' END FROM cdd_records c
      WHERE c.id::text = e.payload ->> 'cddId'), 'buyer_firm')
  WHEN e.kind = 'identity.image_viewed' THEN coalesce(
    (SELECT CASE WHEN t.seller_user_id = ic.profile_id
                   OR EXISTS (SELECT 1 FROM transaction_participants tp WHERE tp.transaction_id = t.id
                              AND tp.user_id = ic.profile_id AND tp.role = 'seller')
                 THEN 'seller_firm' ELSE 'buyer_firm' END
       FROM identity_checks ic JOIN transactions t ON t.id = e.transaction_id
      WHERE ic.id::text = e.payload ->> 'checkId'), 'buyer_firm')
  WHEN e.kind IN ('funds.satisfied', 'funds.more_info_requested', 'deposit.release_requested',
                  'deposit.release_approved', 'deposit.release_cancelled') THEN 'buyer_firm'
  WHEN e.kind LIKE 'funds.%' OR e.kind LIKE 'deposit.%' THEN 'buyer_funds'
  WHEN e.kind LIKE 'survey.%' OR e.kind LIKE 'mortgage.%' THEN 'buyer_side'
  WHEN e.kind = 'invitation.resent' AND e.payload ? 'giftId' THEN 'buyer_funds'
  WHEN (e.kind LIKE 'document.%' OR e.kind LIKE 'signature.%') AND EXISTS (
    SELECT 1 FROM documents d WHERE d.audience = 'buyer_funds'
      AND (d.id::text = e.payload ->> 'documentId'
           OR d.id = (SELECT sr.document_id FROM signature_requests sr WHERE sr.id::text = e.payload ->> 'requestId')))
    THEN 'buyer_funds'
  -- A tick whose reason is a source-of-funds review or a due diligence decision (core/timeline/tick-task.ts).
  WHEN e.kind LIKE 'task.%' AND (e.summary LIKE '% by asking for more' OR e.summary LIKE '% by marking the source of funds satisfied')
    THEN 'buyer_firm'
  WHEN e.kind LIKE 'task.%' AND (e.summary LIKE '% by approving client due diligence'
                                 OR e.summary LIKE '%: a client''s due diligence is no longer approved')
    THEN CASE WHEN e.summary LIKE '%Seller ID and AML checks%' THEN 'seller_firm' ELSE 'buyer_firm' END
  ELSE 'everyone'
END
WHERE e.kind LIKE 'cdd.%' OR e.kind LIKE 'identity.%' OR e.kind LIKE 'funds.%' OR e.kind LIKE 'deposit.%'
   OR e.kind LIKE 'survey.%' OR e.kind LIKE 'mortgage.%' OR e.kind LIKE 'invitation.%'
   OR e.kind LIKE 'document.%' OR e.kind LIKE 'signature.%' OR e.kind LIKE 'task.%';
--> statement-breakpoint
ALTER TABLE activity_events ENABLE TRIGGER activity_events_append_only;
