ALTER TABLE "documents" DROP CONSTRAINT "documents_audience_check";--> statement-breakpoint
-- Decision 051: every document gets an audience. Existing documents take their kind's default
-- (src/shared/domain/document-audiences.ts DOCUMENT_KINDS, first match; 'client' papers go to the
-- uploader's side, the buyer's when the uploader is unknown); 'buyer_funds' rows keep theirs.
UPDATE "documents" d SET "audience" = CASE
  -- Source of funds and gift papers
  WHEN d."filename" ~* 'gift|source.of.(funds|wealth)|bank.statement|proof.of.(funds|deposit)' THEN 'buyer_funds'
  -- Client-care letter
  WHEN d."filename" ~* 'client.?care|terms.of.engagement|engagement.letter' THEN CASE WHEN EXISTS (SELECT 1 FROM "transactions" t WHERE t."id" = d."transaction_id" AND t."seller_user_id" = d."uploaded_by")
      OR EXISTS (SELECT 1 FROM "transaction_participants" p WHERE p."transaction_id" = d."transaction_id" AND p."user_id" = d."uploaded_by" AND p."role" IN ('seller', 'seller_conveyancer', 'estate_agent'))
      OR EXISTS (SELECT 1 FROM "matters" m JOIN "organization_members" om ON om."organization_id" = m."organization_id" WHERE m."transaction_id" = d."transaction_id" AND om."profile_id" = d."uploaded_by" AND m."side" = 'seller')
    THEN 'seller_and_conveyancer' ELSE 'buyer_and_conveyancer' END
  -- Identity and due-diligence (CDD) papers
  WHEN d."filename" ~* 'passport|driving.licen|identity|due.diligence|proof.of.address|(^|[^a-z])(id|aml|cdd|kyc)([^a-z]|$)' OR d."folder" IN ('Identity') THEN CASE WHEN EXISTS (SELECT 1 FROM "transactions" t WHERE t."id" = d."transaction_id" AND t."seller_user_id" = d."uploaded_by")
      OR EXISTS (SELECT 1 FROM "transaction_participants" p WHERE p."transaction_id" = d."transaction_id" AND p."user_id" = d."uploaded_by" AND p."role" IN ('seller', 'seller_conveyancer', 'estate_agent'))
      OR EXISTS (SELECT 1 FROM "matters" m JOIN "organization_members" om ON om."organization_id" = m."organization_id" WHERE m."transaction_id" = d."transaction_id" AND om."profile_id" = d."uploaded_by" AND m."side" = 'seller')
    THEN 'seller_and_conveyancer' ELSE 'buyer_and_conveyancer' END
  -- Mortgage papers and the decision in principle
  WHEN d."filename" ~* 'mortgage|decision.in.principle|agreement.in.principle|(^|[^a-z])(dip|aip|esis)([^a-z]|$)' OR d."folder" IN ('Mortgage') THEN 'buyer_mortgage'
  -- The buyer's survey
  WHEN d."filename" ~* 'survey|homebuyer|building.report|rics' THEN 'buyer_side'
  -- Memorandum of sale
  WHEN d."filename" ~* 'memorandum.of.sale' THEN 'everyone'
  -- TA6, TA7 and TA10 forms
  WHEN d."filename" ~* 'ta6|ta7|ta10|property.information|fittings.and.contents|leasehold.information' OR d."folder" IN ('Fixtures') THEN 'clients_and_conveyancers'
  -- Enquiries and replies
  WHEN d."filename" ~* 'enquir|requisition' THEN 'clients_and_conveyancers'
  -- Contract papers and title
  WHEN d."filename" ~* 'contract|official.cop|title|register|transfer|tr1|report.on.title' OR d."folder" IN ('Contracts') THEN 'clients_and_conveyancers'
  -- Searches
  WHEN d."filename" ~* 'search|con29|llc1|drainage|environmental|chancel' OR d."folder" IN ('Searches') THEN 'clients_and_conveyancers'
  ELSE 'everyone' END
WHERE d."audience" IS NULL;--> statement-breakpoint
ALTER TABLE "documents" ALTER COLUMN "audience" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_audience_check" CHECK (audience in ('everyone', 'buyer_side', 'seller_side', 'clients_and_conveyancers', 'buyer_and_conveyancer', 'seller_and_conveyancer', 'buyer_firm', 'seller_firm', 'buyer_funds', 'buyer_mortgage'));