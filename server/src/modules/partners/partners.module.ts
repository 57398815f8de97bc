import { partnersResource, type Partner, type PartnerInput } from '@portal/resources';
import { partners } from '../../db/schema-boards.js';
import { defineRepository, type Repository } from '../../crud/repository.js';
import { repositoryModule } from '../../crud/module.js';
import { assignedCountColumn, partnerRecords } from './records.js';

type PartnerRow = typeof partners.$inferSelect;

declare module 'fastify' {
  interface FastifyInstance {
    /** Partners (spec §3 partner): their table, columns and records with the assigned board count. */
    partners: Repository<PartnerRow, Partner>;
  }
}

const values = (input: unknown) => {
  const body = input as PartnerInput;
  return { name: body.name.trim(), linkUrl: body.linkUrl.trim(), logoUrl: body.logoUrl?.trim() || null };
};

export const partnersRepository = defineRepository<typeof partners, Partner>(partnersResource, partners, {
  columns: {
    id: partners.id,
    name: partners.name,
    linkUrl: partners.linkUrl,
    assignedCount: assignedCountColumn,
  },
  toRecords: partnerRecords,
  insertValues: values,
  updateValues: values,
});

export default repositoryModule('partners', () => partnersRepository);
