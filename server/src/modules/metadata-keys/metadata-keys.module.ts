import { eq } from 'drizzle-orm';
import {
  ERROR_MESSAGES,
  metadataKeysResource,
  type MetadataKey,
  type MetadataKeyInput,
} from '@portal/resources';
import { metadataKeys } from '../../db/schema-catalogue.js';
import { xmlValidationEntries } from '../../db/schema-dip.js';
import { ApiError } from '../../transport/errors.js';
import { repositoryModule } from '../../crud/module.js';
import { defineRepository, type Repository } from '../../crud/repository.js';

type MetadataKeyRow = typeof metadataKeys.$inferSelect;

declare module 'fastify' {
  interface FastifyInstance {
    /** The metadata keys secure configurations store values under (spec §2.3 /admin/manage-metadata-keys). */
    metadataKeys: Repository<MetadataKeyRow, MetadataKey>;
  }
}

export default repositoryModule('metadataKeys', ({ clock }) =>
  defineRepository<typeof metadataKeys, MetadataKey>(metadataKeysResource, metadataKeys, {
    insertValues: (input) => {
      const body = input as MetadataKeyInput;
      const now = clock.now();
      return { key: body.key.trim(), label: body.label.trim(), createdAt: now, updatedAt: now };
    },
    updateValues: (input) => ({ label: (input as MetadataKeyInput).label.trim(), updatedAt: clock.now() }),
    // 409 while an XML validation entry uses the key; the boards using it are named.
    beforeDelete: async ({ tx }, row) => {
      const users = await tx
        .selectDistinct({ boardId: xmlValidationEntries.boardId })
        .from(xmlValidationEntries)
        .where(eq(xmlValidationEntries.metadataKey, row.key));
      if (users.length) {
        throw ApiError.of(
          409,
          'metadata_key_in_use',
          ERROR_MESSAGES.metadata_key_in_use,
          users.map((entry) => entry.boardId),
        );
      }
    },
  }),
);
