import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TOOL_ICON_FILE_NAME, TOOL_ICON_PATH, TOOL_ICON_TYPE_LIST, TOOL_ICON_TYPES } from '@portal/resources';
import { access } from '../../auth/access.js';
import { notFound } from '../../transport/errors.js';
import { errorResponses } from '../../crud/openapi.js';

/** A content-addressed file never changes under its name: browsers and proxies may keep it for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

const CONTENT_TYPES = Object.fromEntries(
  Object.entries(TOOL_ICON_TYPES).map(([type, extension]) => [extension, type]),
) as Record<string, string>;

/** The tools' icons (issue 45), public like the catalogue that shows them, named by their content's SHA-256. */
const toolIconRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage } = app.catalogue;
  app.get(
    '/:name',
    {
      config: { access: access.public() },
      schema: {
        tags: ['catalogue'],
        summary: `A tool's icon (${TOOL_ICON_TYPE_LIST}), by the name the tool's \`icon\` gives; cached for good`,
        params: z.object({ name: z.string().regex(TOOL_ICON_FILE_NAME) }),
        produces: Object.keys(TOOL_ICON_TYPES),
        response: { 200: z.any().describe('The image'), ...errorResponses(400, 404) },
      },
      // After the API's own no-store header (set for every answer of /api/v1), so this one wins.
      // A shared cache keeps the answer for everyone, so it carries no session's cookie (the CSRF token's).
      onSend: async (_request, reply) => {
        if (reply.statusCode !== 200) return;
        reply.header('Cache-Control', IMMUTABLE);
        reply.removeHeader('set-cookie');
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const stored = await storage.get(`${TOOL_ICON_PATH}/${name}`);
      if (!stored) throw notFound('Icon not found.', ['name']);
      return reply
        .header('Content-Type', CONTENT_TYPES[name.split('.').pop()!]!)
        .header('Content-Length', stored.size)
        .header('X-Content-Type-Options', 'nosniff')
        .header('ETag', `"${name.split('.')[0]}"`)
        .send(stored.stream);
    },
  );
};

export default toolIconRoutes;
