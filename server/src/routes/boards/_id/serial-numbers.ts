import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import {
  SERIAL_NUMBERS_PER_ADD_MAX,
  SIK_FORMAT,
  SIK_FORMAT_VERSION,
  boardSerialNumbersResource,
  boardsResource,
  serialNumberRecordSchema,
  serialNumberUpdateSchema,
  serialNumbersAddSchema,
  sikFileSchema,
  BOARD_SERIAL_NUMBER_MAX_LENGTH,
} from '@portal/resources';
import { access } from '../../../auth/access.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { listQuerystring } from '../../../crud/list-query.js';
import { errorResponses } from '../../../crud/openapi.js';
import { security, tags } from '../../../modules/boards/route-schemas.js';
import { rangeHeaders } from '../../../crud/openapi.js';

const serialNumberParams = z.object({ id: z.uuid(), serialNumberId: z.uuid() });
const boardParams = z.object({ id: z.uuid() });

/** A file name made of the safe characters of `name`. */
const fileName = (name: string, suffix: string) =>
  `${name.replace(/[^A-Za-z0-9_-]/g, '_') || 'board'}${suffix}`;

/**
 * Serial numbers of a board (spec product §2.3 serialnumbers/edit, §4 single or multi registration, §5): list
 * with filters, add many from text one per line, toggle the registration mode, delete, QR code and Sik file.
 * Not generated: numbers are added many at once from text (all or nothing, 409 per line) and answered as files.
 */
const boardSerialNumberRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, config }) => {
  const { requireBoard } = app.boardContent;
  const serials = app.boardSerialNumbers;
  const { publicUrl } = config;
  app.get(
    '/serial-numbers',
    {
      config: { access: access.resource(boardSerialNumbersResource, 'list') },
      schema: {
        tags,
        summary:
          "List a board's serial numbers (react-admin simple-rest: Range `serial-numbers=0-49`, sort value|multiRegistration|createdAt, filters value (contains), multiRegistration, q); each with the number of projects that registered it",
        security,
        params: boardParams,
        querystring: listQuerystring,
        headers: rangeHeaders,
        response: { 200: z.array(serialNumberRecordSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const board = await requireBoard(db, request.params.id);
      return serials.listSerialNumbers(db, board.id, request, reply);
    },
  );

  app.post(
    '/serial-numbers',
    {
      config: { access: access.resource(boardSerialNumbersResource, 'create') },
      schema: {
        tags,
        summary: `Add serial numbers from text, one per line (blank lines and surrounding spaces ignored; letters and digits only, at most ${BOARD_SERIAL_NUMBER_MAX_LENGTH} characters, at most ${SERIAL_NUMBERS_PER_ADD_MAX} per call). All or nothing: any bad line answers 400 with one error per line ("Line 3: Validation error. A serial number may consist only of letters and numbers."), any serial number that already exists (on any board) 409 duplicate with one error per line. Answers the added serial numbers`,
        security,
        params: boardParams,
        body: serialNumbersAddSchema,
        response: { 201: z.array(serialNumberRecordSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { serialNumbers: text, multiRegistration } = request.body;
      const added = await serials.addSerialNumbers(request, request.params.id, text, multiRegistration);
      return reply.code(201).send(added);
    },
  );

  app.put(
    '/serial-numbers/:serialNumberId',
    {
      config: { access: access.resource(boardSerialNumbersResource, 'edit') },
      schema: {
        tags,
        summary:
          'Switch a serial number between single registration (one project) and multi registration (many projects); switching to single affects later registrations only',
        security,
        params: serialNumberParams,
        body: serialNumberUpdateSchema,
        response: { 200: serialNumberRecordSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      serials.setRegistrationMode(
        request,
        request.params.id,
        request.params.serialNumberId,
        request.body.multiRegistration,
      ),
  );

  app.delete(
    '/serial-numbers/:serialNumberId',
    {
      config: { access: access.resource(boardSerialNumbersResource, 'delete') },
      schema: {
        tags,
        summary:
          'Delete a serial number; refused with 409 conflict while a project is registered with it. Answers the deleted serial number',
        security,
        params: serialNumberParams,
        response: { 200: serialNumberRecordSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => serials.removeSerialNumber(request, request.params.id, request.params.serialNumberId),
  );

  app.get(
    '/serial-numbers/:serialNumberId/qr.png',
    {
      config: { access: access.resource(boardSerialNumbersResource, 'show') },
      schema: {
        tags,
        summary:
          'The QR code of a serial number as a PNG download (512×512). It encodes the registration link `<PUBLIC_URL>/welcome?serialnumber=<value>`, which the customer app turns into the register-product page prefilled with this serial number',
        security,
        params: serialNumberParams,
        produces: ['image/png'],
        response: {
          200: z.any().describe('The QR code, a PNG image (Content-Type image/png)'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const board = await requireBoard(db, request.params.id);
      const serialNumber = await serials.findSerialNumber(db, board.id, request.params.serialNumberId);
      const origin = publicUrl ?? `${request.protocol}://${request.host}`;
      const link = `${origin.replace(/\/$/, '')}/welcome?serialnumber=${encodeURIComponent(serialNumber.value)}`;
      const png = await QRCode.toBuffer(link, {
        type: 'png',
        errorCorrectionLevel: 'M',
        margin: 2,
        width: 512,
      });
      return reply
        .header('Content-Type', 'image/png')
        .header('Content-Disposition', `attachment; filename="${fileName(serialNumber.value, '-qr.png')}"`)
        .send(png);
    },
  );

  app.get(
    '/sik',
    {
      config: { access: access.resource(boardsResource, 'show') },
      schema: {
        tags,
        summary: `The board's Sik file as a JSON download (<board name>.sik.json): { format: "${SIK_FORMAT}", version: ${SIK_FORMAT_VERSION}, board: { id, name, ispn, ispnId }, publicKey (armoured, or null), generatedAt, serialNumbers: [{ value, multiRegistration }] sorted by value }. A board without ISPN has no Sik file (409 conflict)`,
        security,
        params: boardParams,
        response: { 200: sikFileSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { board, sik } = await serials.sikFile(request.params.id);
      return reply
        .header('Content-Disposition', `attachment; filename="${fileName(board.name, '.sik.json')}"`)
        .send(sik);
    },
  );
};

export default boardSerialNumberRoutes;
