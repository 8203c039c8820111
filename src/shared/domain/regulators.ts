/**
 * The regulators of the trades on a move, and which regulate which trade. A firm's profile names its
 * regulator and number (checked through the RegulatorRegister provider); an off-platform party may be
 * recorded with them. Sources: Solicitors Regulation Authority (sra.org.uk), Council for Licensed
 * Conveyancers (clc-uk.org), Royal Institution of Chartered Surveyors (rics.org), Financial Conduct
 * Authority register (register.fca.org.uk), Propertymark and The Property Ombudsman (estate agents
 * must belong to a redress scheme: Consumers, Estate Agents and Redress Act 2007).
 */
import type { OrganizationType } from './organizations'

export const REGULATORS = ['sra', 'clc', 'rics', 'fca', 'propertymark', 'tpo'] as const
export type Regulator = (typeof REGULATORS)[number]

/** The regulator's name as shown on screen. */
export const REGULATOR_LABELS: Record<Regulator, string> = {
  sra: 'Solicitors Regulation Authority (SRA)',
  clc: 'Council for Licensed Conveyancers (CLC)',
  rics: 'Royal Institution of Chartered Surveyors (RICS)',
  fca: 'Financial Conduct Authority (FCA)',
  propertymark: 'Propertymark',
  tpo: 'The Property Ombudsman (TPO)',
}

/** The short name used in badges and lists ("SRA 123456"). */
export const REGULATOR_SHORT: Record<Regulator, string> = {
  sra: 'SRA',
  clc: 'CLC',
  rics: 'RICS',
  fca: 'FCA',
  propertymark: 'Propertymark',
  tpo: 'TPO',
}

/** Which regulators a firm of each type (the directory's organizations.type) may name. */
export const REGULATORS_BY_ORGANIZATION_TYPE: Record<OrganizationType, readonly Regulator[]> = {
  law: ['sra', 'clc'],
  survey: ['rics'],
  broker: ['fca'],
  agent: ['propertymark', 'tpo'],
}
