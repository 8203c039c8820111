/**
 * The Academy Lite courses, written by Homeward for conveyancers and the professionals around them.
 * Each names its sources: the Money Laundering, Terrorist Financing and Transfer of Funds (Information
 * on the Payer) Regulations 2017 (MLR 2017), HM Land Registry Practice Guides 81 (its digital identity
 * standard) and 67 (evidence of identity: the application panels, forms ID1 and ID2), and the Law Society
 * Conveyancing Protocol. The text is a training summary, not legal advice; the sources govern.
 */
import type { AcademyCourse } from './academy'

const PG81: AcademyCourse = {
  slug: 'pg81-identity-evidence',
  title: 'PG81 and PG67: identity for HM Land Registry',
  summary:
    "What HM Land Registry expects before you lodge an application for a client: whose identity you check and how you confirm it (PG67), the digital identity standard and its safe harbour (PG81), and what to do for a party you don't act for (PG67's forms ID1 and ID2).",
  audience: 'Conveyancers, licensed conveyancers and their assistants',
  cpdMinutes: 30,
  passMarkPercent: 80,
  sources: [
    'HM Land Registry Practice Guide 81: digital identity standard',
    'HM Land Registry Practice Guide 67: evidence of identity (conveyancers)',
    'Land Registration Rules 2003',
  ],
  lessons: [
    {
      slug: 'why-identity',
      title: 'Why HM Land Registry asks about identity',
      body: [
        'Registration is what makes a buyer the legal owner, and the register is guaranteed by the state: when a fraudster sells or mortgages a home they do not own, HM Land Registry may have to pay an indemnity to the person who loses out. Checking who your client really is comes before anything else you do on the title.',
        'Practice Guide 67 sets out what HM Land Registry expects from a conveyancer who lodges an application. When you act for a party, you confirm in the evidence of identity panel of the application form (AP1, TR1-based dispositions, FR1) that you have taken reasonable steps to verify that party’s identity.',
        'The most common frauds are a seller impersonating the registered owner of a property with no mortgage, often empty or let, and a borrower taking a mortgage in the owner’s name. Red flags include an owner who lives abroad, a request to pay the sale proceeds to an account in another name, a price below market value with pressure to exchange quickly, and contact only by email or mobile phone.',
      ],
    },
    {
      slug: 'the-standard',
      title: 'The digital identity standard and its safe harbour',
      body: [
        'HM Land Registry’s digital identity standard (Practice Guide 81) describes a check by an identity service provider certified under the UK digital identity and attributes trust framework, to a medium level of confidence, with the identity document’s chip read. Following it gives the conveyancer a safe harbour: where the standard was met, HM Land Registry will not seek to recover an indemnity it pays from the conveyancer on the ground that the identity check was inadequate.',
        'The check is usually bought from an identity service provider. Its core is:',
        '• reading the chip of a passport or identity card by NFC, which proves the document is genuine and unaltered;',
        '• a biometric liveness check that matches the person in front of the camera to the photograph held on the chip;',
        '• for a seller, evidence linking the verified person to the registered owner named on the title.',
        'Meeting the standard is not compulsory, and other reasonable steps remain possible, but without it the safe harbour does not apply and your own evidence must show the steps were reasonable.',
      ],
    },
    {
      slug: 'parties-you-do-not-act-for',
      title: "Parties you don't act for",
      body: [
        'Practice Guide 67 covers the rest. You confirm identity only for your own clients. When another party to the application has no conveyancer (an unrepresented seller or a transferor), their identity must be verified another way: a conveyancer or other qualified person checks it and completes form ID1 for an individual or ID2 for a company, which is lodged with the application.',
        'When the other party has their own conveyancer, that conveyancer confirms their client’s identity in the same panel of the application; you name them there.',
        'Keep a record of what you checked, when, and by whom, with copies of the evidence, for as long as your firm’s retention policy and the Money Laundering Regulations require.',
      ],
    },
  ],
  questions: [
    {
      id: 'indemnity',
      prompt: 'Why does HM Land Registry care who your client is?',
      options: [
        'It charges a higher fee when identity is not checked',
        'The register is state-guaranteed, so a registration obtained by fraud can cost it an indemnity',
        'It needs the client’s address for council tax',
        'Identity checks are only needed for leasehold titles',
      ],
      answer: 1,
      explanation:
        'The state guarantee of title means HM Land Registry can have to pay an indemnity when a fraud is registered.',
    },
    {
      id: 'safe-harbour',
      prompt: 'What does meeting the digital identity standard give the conveyancer?',
      options: [
        'A safe harbour: HM Land Registry will not seek to recover an indemnity on the ground that the identity check was inadequate',
        'Exemption from the Money Laundering Regulations',
        'Priority over other applications for 30 working days',
        'The right to skip the source of funds check',
      ],
      answer: 0,
      explanation:
        'The safe harbour concerns recovery of an indemnity; it does not replace AML duties or give priority.',
    },
    {
      id: 'chip',
      prompt: 'Which check is at the core of the standard?',
      options: [
        'A photocopy of a driving licence certified by a solicitor',
        'Two utility bills from the last three months',
        'An NFC read of the identity document’s chip and a biometric liveness match to its photograph',
        'A credit reference check alone',
      ],
      answer: 2,
      explanation:
        'Chip reading proves the document is genuine; liveness proves the person holding it is the person on the chip.',
    },
    {
      id: 'unrepresented',
      prompt: 'The seller has no conveyancer. How is their identity evidenced to HM Land Registry?',
      options: [
        'The buyer’s conveyancer ticks the panel for them',
        'A conveyancer or other qualified person verifies them and completes form ID1, lodged with the application',
        'It is not needed for an unrepresented party',
        'The estate agent’s memorandum of sale is enough',
      ],
      answer: 1,
      explanation:
        'Practice Guide 67: ID1 (individuals) and ID2 (companies) evidence the identity of a party no conveyancer acts for.',
    },
    {
      id: 'red-flag',
      prompt: 'Which of these is a recognised red flag for registration fraud?',
      options: [
        'The buyer asks for a completion date in the school holidays',
        'A seller of an unmortgaged, empty property asks for the proceeds to go to an account in another name',
        'The property is freehold',
        'The buyer is using a mortgage broker',
      ],
      answer: 1,
      explanation:
        'Unencumbered and empty properties are targeted, and payment to a third party’s account is a classic warning sign.',
    },
    {
      id: 'compulsory',
      prompt: 'Is following the digital identity standard compulsory?',
      options: [
        'Yes, every application is rejected without it',
        'No, but without it the safe harbour does not apply and your steps must be shown to be reasonable',
        'Only for first registrations',
        'Only for companies',
      ],
      answer: 1,
      explanation: 'The standard is a safe harbour, not a mandate: other reasonable steps remain possible.',
    },
  ],
}

const MLR_CDD: AcademyCourse = {
  slug: 'mlr-2017-client-due-diligence',
  title: 'MLR 2017: client due diligence in residential property',
  summary:
    'Customer due diligence under the Money Laundering Regulations 2017 as it applies to a sale or purchase: when to apply it, what it consists of, enhanced checks, reliance, records and reporting.',
  audience: 'Conveyancers, estate agents and their compliance staff',
  cpdMinutes: 45,
  passMarkPercent: 80,
  sources: [
    'The Money Laundering, Terrorist Financing and Transfer of Funds (Information on the Payer) Regulations 2017, regs 18, 27, 28, 30, 33, 35, 37, 39, 40, 41',
    'Proceeds of Crime Act 2002, Part 7',
  ],
  lessons: [
    {
      slug: 'who-and-when',
      title: 'Who must apply customer due diligence, and when',
      body: [
        'Independent legal professionals who take part in a property transaction, and estate agents, are "relevant persons" under the Money Laundering Regulations 2017 (MLR 2017). Each firm must assess its own money laundering risks in writing (reg 18) and have policies, controls and procedures proportionate to them (reg 19).',
        'Customer due diligence (CDD) must be applied when you establish a business relationship, when you suspect money laundering or terrorist financing, and when you doubt information you were given earlier (reg 27). You must verify identity before the relationship is established or the transaction carried out (reg 30), with only narrow exceptions.',
      ],
    },
    {
      slug: 'what-cdd-is',
      title: 'What customer due diligence consists of',
      body: [
        'Under reg 28 you must:',
        '• identify the customer and verify their identity on the basis of documents or information from a reliable, independent source;',
        '• where the customer is a company or trust, identify its beneficial owners and take reasonable measures to verify them and understand the ownership and control structure;',
        '• assess, and where appropriate obtain information on, the purpose and intended nature of the business relationship;',
        '• monitor the relationship on an ongoing basis, including scrutiny of transactions and keeping the information up to date.',
        'In a purchase, understanding where the money comes from (source of funds: the deposit and balance) is how the firm makes sense of the transaction; for higher-risk clients, source of wealth too.',
      ],
    },
    {
      slug: 'enhanced-and-simplified',
      title: 'Enhanced and simplified due diligence',
      body: [
        'Enhanced due diligence (EDD, reg 33) applies where the risk is higher: a customer or transaction connected with a high-risk third country, a politically exposed person (PEP), a transaction that is complex or unusually large, or any case your risk assessment marks as high risk.',
        'For a PEP, their family members or known close associates (reg 35), senior management must approve the relationship, you must take adequate measures to establish source of wealth and source of funds, and you must monitor the relationship more closely.',
        'Simplified due diligence (reg 37) is allowed only where the firm has assessed the relationship as low risk; it changes the extent and timing of the measures, never removes them.',
      ],
    },
    {
      slug: 'reliance-records-reporting',
      title: 'Reliance, records and reporting',
      body: [
        'Reliance (reg 39): you may rely on another regulated person, with their agreement, to apply CDD measures, but you remain liable for any failure, and you must be able to obtain copies of the identification data from them promptly on request.',
        'Records (reg 40): keep copies of CDD documents and information, and records of transactions, for five years after the end of the business relationship; after that, personal data must be deleted unless an exception applies. Personal data obtained for CDD may be used only to prevent money laundering and terrorist financing, unless other use is permitted by law or the customer agrees (reg 41).',
        'Reporting: a suspicion of money laundering is reported to your money laundering reporting officer, who decides whether to submit a suspicious activity report to the National Crime Agency under the Proceeds of Crime Act 2002. Telling the client about a report, or an investigation, can be the offence of tipping off.',
      ],
    },
  ],
  questions: [
    {
      id: 'when',
      prompt: 'When must customer due diligence be applied?',
      options: [
        'Only at completion',
        'On establishing a business relationship, on suspicion of money laundering, and when earlier information is in doubt',
        'Only when the price is over £1 million',
        'Only for cash buyers',
      ],
      answer: 1,
      explanation: 'Reg 27 lists these occasions; the price and the source of money do not switch CDD on or off.',
    },
    {
      id: 'verify-timing',
      prompt: 'When must identity normally be verified?',
      options: [
        'Before the business relationship is established or the transaction carried out',
        'Within 14 days of completion',
        'At exchange of contracts',
        'Whenever convenient, as long as it is before the SDLT return',
      ],
      answer: 0,
      explanation: 'Reg 30: verification comes first, with only narrow exceptions.',
    },
    {
      id: 'beneficial-owner',
      prompt: 'A company is buying. What does reg 28 require beyond identifying the company?',
      options: [
        'Nothing more',
        'A credit check on each director',
        'Identifying its beneficial owners, taking reasonable measures to verify them, and understanding its ownership and control',
        'A copy of its last three years of accounts',
      ],
      answer: 2,
      explanation: 'Beneficial ownership is part of CDD for a corporate customer.',
    },
    {
      id: 'pep',
      prompt: 'Your buyer is a politically exposed person. Which is required?',
      options: [
        'Refuse to act',
        'Senior management approval, establishing source of wealth and source of funds, and enhanced ongoing monitoring',
        'Simplified due diligence, as PEPs are public figures',
        'A report to the National Crime Agency in every case',
      ],
      answer: 1,
      explanation: 'Reg 35 sets these enhanced measures for PEPs, their family members and known close associates.',
    },
    {
      id: 'reliance',
      prompt: 'You rely on the other side’s regulated firm for CDD. Who is liable if their checks were inadequate?',
      options: [
        'Only the other firm',
        'Nobody, reliance transfers the duty away',
        'Your firm remains liable for any failure',
        'HM Land Registry',
      ],
      answer: 2,
      explanation: 'Reg 39: the relying firm remains liable.',
    },
    {
      id: 'records',
      prompt: 'How long are CDD records kept?',
      options: [
        'One year after completion',
        'Five years after the end of the business relationship, then personal data deleted unless an exception applies',
        'For ever',
        'Until the SDLT return is filed',
      ],
      answer: 1,
      explanation: 'Reg 40 sets five years after the relationship ends, then deletion of personal data.',
    },
  ],
}

const PROTOCOL: AcademyCourse = {
  slug: 'conveyancing-protocol-stages',
  title: 'The Law Society Conveyancing Protocol, stage by stage',
  summary:
    'The stages of a residential sale and purchase under the Law Society Conveyancing Protocol, from instructions to post-completion, with the forms, searches and deadlines at each.',
  audience: 'Conveyancers, fee earners and sales progressors',
  cpdMinutes: 40,
  passMarkPercent: 80,
  sources: [
    'The Law Society Conveyancing Protocol (2019 edition)',
    'Law Society Formulae for exchanging contracts by telephone, fax and telex',
    'Law Society Code for Completion by Post',
    'Finance Act 2003 (SDLT); Land Transaction Tax and Anti-avoidance of Devolved Taxes (Wales) Act 2017',
  ],
  lessons: [
    {
      slug: 'instructions',
      title: 'Stage A: instructions',
      body: [
        'The Protocol is the Law Society’s preferred practice for residential conveyancing, and following it is compulsory for firms in the Conveyancing Quality Scheme (CQS). It begins when the sale is agreed and each side instructs a conveyancer.',
        'At instruction: a client care letter and terms of engagement; identity and anti-money-laundering checks (customer due diligence, source of funds); and, for the seller, the property information forms: TA6 (property information), TA10 (fittings and contents) and, for a leasehold, TA7 (leasehold information). The seller’s conveyancer obtains official copies of the register and title plan.',
      ],
    },
    {
      slug: 'pre-exchange',
      title: 'Stage B: pre-exchange work',
      body: [
        'The seller’s conveyancer sends the draft contract pack: draft contract, official copies, the completed TA forms and any leasehold documents. The buyer’s conveyancer orders searches: local authority (LLC1 and CON29), drainage and water (CON29DW), environmental, and others the location calls for, such as mining or chancel. Searches typically return in about ten working days, some councils much longer.',
        'The buyer’s conveyancer raises pre-contract enquiries on anything the pack and searches leave open; the seller’s side answers them, going back to the seller where only they know. When the mortgage offer, survey, searches and replies are in, the buyer’s conveyancer reports on title to the buyer, and the contract, transfer (TR1) and mortgage deed are signed. The deposit, traditionally 10% of the price, is sent to the buyer’s conveyancer’s client account.',
      ],
    },
    {
      slug: 'exchange',
      title: 'Stage C: exchange of contracts',
      body: [
        'Exchange makes the contract binding on both sides and fixes the completion date. It is usually done by telephone under one of the Law Society Formulae: Formula A when one conveyancer already holds both signed parts, Formula B when each holds their own client’s part, and Formula C for a chain, where releases are synchronised link by link so that no one is bound to buy without having sold.',
        'Before exchange the buyer must have their deposit, mortgage offer and, where the purchase depends on a sale, a matching exchange on that sale.',
      ],
    },
    {
      slug: 'completion-and-after',
      title: 'Stages D to F: exchange to post-completion',
      body: [
        'Between exchange and completion the seller’s conveyancer answers the completion information and undertakings form (TA13) and sends a completion statement; the buyer’s conveyancer makes the pre-completion searches, including an OS1 priority search (30 working days of priority), reports on title to the lender and draws down the mortgage funds.',
        'On completion day the balance is sent, the seller’s conveyancer confirms receipt under the Law Society Code for Completion by Post, and the keys are released. The seller’s mortgage is redeemed and its discharge (DS1 or e-DS1) obtained.',
        'After completion the buyer’s conveyancer files the SDLT return and pays the tax within 14 days (Land Transaction Tax in Wales: 30 days), then applies to register the transfer with form AP1 (FR1 for a first registration) within the OS1 priority period.',
      ],
    },
  ],
  questions: [
    {
      id: 'cqs',
      prompt: 'For which firms is following the Protocol compulsory?',
      options: [
        'Every firm regulated by the SRA',
        'Firms in the Law Society’s Conveyancing Quality Scheme (CQS)',
        'Only licensed conveyancers',
        'Nobody: it is guidance only',
      ],
      answer: 1,
      explanation: 'The Protocol is preferred practice, and compulsory for CQS members.',
    },
    {
      id: 'ta10',
      prompt: 'Which form lists the fittings and contents included in the sale?',
      options: ['TA6', 'TA7', 'TA10', 'TA13'],
      answer: 2,
      explanation:
        'TA10 is the fittings and contents form; TA6 is property information, TA7 leasehold, TA13 completion information.',
    },
    {
      id: 'searches',
      prompt: 'Who orders the local authority and drainage searches?',
      options: ['The seller’s conveyancer', 'The estate agent', 'The buyer’s conveyancer', 'The lender'],
      answer: 2,
      explanation: 'Searches are the buyer’s protection, ordered by the buyer’s conveyancer.',
    },
    {
      id: 'formula-c',
      prompt: 'Which Law Society Formula is designed for exchanging along a chain?',
      options: ['Formula A', 'Formula B', 'Formula C', 'The Code for Completion by Post'],
      answer: 2,
      explanation: 'Formula C synchronises exchanges link by link along a chain.',
    },
    {
      id: 'os1',
      prompt: 'How long does an OS1 priority search protect the buyer?',
      options: ['10 working days', '30 working days', '14 calendar days', '6 months'],
      answer: 1,
      explanation: 'An OS1 gives 30 working days of priority; the AP1 must be lodged within it.',
    },
    {
      id: 'sdlt',
      prompt: 'Within how long after completion of a purchase in England is the SDLT return due?',
      options: ['14 days', '30 days', '3 months', 'At the next self-assessment'],
      answer: 0,
      explanation: 'SDLT: 14 days. In Wales, the Land Transaction Tax return is due within 30 days.',
    },
  ],
}

/** Every Academy Lite course, in the order the catalogue lists them. */
export const ACADEMY_COURSES: readonly AcademyCourse[] = [PG81, MLR_CDD, PROTOCOL]

/** The course with this slug, or undefined. */
export function findCourse(slug: string): AcademyCourse | undefined {
  return ACADEMY_COURSES.find((c) => c.slug === slug)
}
