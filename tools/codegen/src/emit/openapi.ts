/**
 * `generated/openapi.json` (OpenAPI 3.1) and `generated/openapi.d.ts` (openapi-typescript from
 * it): every `POST /rpc/<method>` with its array body, result and error answers, and the session
 * hook endpoints: a POST with its body and 204 / 400 / 401, a GET with its query and its 200 JSON.
 */
import openapiTS, { astToString } from 'openapi-typescript';
import { jsonText } from '../literal';
import type { Contracts, Files, SchemaObject, StatusCode } from '../model';
import { SchemaIndex } from '../schema';
import { provenance, tsHeader } from '../tsfile';
import { allSources, getHooks, postHooks, rpcOptionsTypeName } from './names';

/** The OpenAPI document, as a plain object. */
export function openapiDocument(contracts: Contracts): Record<string, unknown> {
  const index = new SchemaIndex(contracts);
  const wire = contracts.rpcWire.doc;
  const hookWire = contracts.hookResponses.doc;
  const schemas: Record<string, unknown> = {};
  for (const def of index.namedDefs(contracts)) schemas[def.name] = index.toComponentRefs(def.schema, def.file);
  for (const { file, doc } of contracts.objects) schemas[String(doc.title)] = index.toComponentRefs(doc, file);
  for (const { file, doc } of contracts.rpc) {
    if (doc.options !== null) schemas[rpcOptionsTypeName(doc.method)] = index.toComponentRefs(doc.options, file);
  }
  for (const { file, doc } of postHooks(contracts)) schemas[doc.title] = index.toComponentRefs(doc.body, file);

  const errorRef = index.toComponentRefs(wire.errorBody, contracts.rpcWire.file);
  const response = (status: StatusCode, schema: unknown) =>
    status.contentType === undefined
      ? { description: status.description }
      : { description: status.description, content: { [status.contentType]: { schema: status.contentType === 'application/json' ? schema : { type: 'string' } } } };

  const paths: Record<string, unknown> = {};
  for (const { file, doc } of contracts.rpc) {
    const body =
      doc.options === null
        ? { type: 'array', maxItems: 0, description: 'No options: `[]` (an empty body reads the same).' }
        : {
            type: 'array',
            prefixItems: [{ $ref: `#/components/schemas/${rpcOptionsTypeName(doc.method)}` }],
            items: false,
            minItems: 1,
            maxItems: 1,
            description: 'One options object, every field present.',
          };
    const responses: Record<string, unknown> = {};
    for (const [code, status] of Object.entries(wire.statusCodes)) {
      responses[code] = response(status, code === '200' ? index.toComponentRefs(doc.result, file) : errorRef);
    }
    paths[wire.path.replace('{method}', doc.method)] = {
      post: {
        operationId: doc.method,
        summary: doc.method,
        description: doc.description,
        parameters: [{ $ref: '#/components/parameters/rpcToken' }],
        requestBody: { required: true, description: wire.envelope, content: { [wire.contentType]: { schema: body } } },
        responses,
      },
    };
  }
  const headers = Object.entries(hookWire.headers).map(([name, schema]) => ({
    name,
    in: 'header',
    required: false,
    description: schema.description,
    schema: { type: schema.type },
  }));
  for (const { doc } of postHooks(contracts)) {
    const responses: Record<string, unknown> = {};
    for (const [code, status] of Object.entries(hookWire.statusCodes)) responses[code] = response(status, undefined);
    paths[doc.path] = {
      post: {
        operationId: doc.path.slice(1),
        summary: doc.path,
        description: `${doc.description} At most ${doc.bodyLimitBytes} bytes of body are read.`,
        parameters: [{ $ref: '#/components/parameters/hookToken' }, ...headers],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${doc.title}` } } } },
        responses,
      },
    };
  }
  for (const { file, doc } of getHooks(contracts)) {
    // A GET answers 200 with its JSON where a POST answers 204; every other status is the hooks' own.
    const responses: Record<string, unknown> = {
      200: { description: doc.response.description, content: { 'application/json': { schema: index.toComponentRefs(doc.response, file) } } },
    };
    for (const [code, status] of Object.entries(hookWire.statusCodes)) if (code !== '204') responses[code] = response(status, undefined);
    const required = new Set(doc.query.required ?? []);
    paths[doc.path] = {
      get: {
        operationId: doc.path.slice(1),
        summary: doc.path,
        description: doc.description,
        parameters: [
          { $ref: '#/components/parameters/hookToken' },
          ...Object.entries(doc.query.properties as Record<string, SchemaObject>).map(([name, { description, ...schema }]) => ({
            name,
            in: 'query',
            required: required.has(name),
            description,
            schema: index.toComponentRefs(schema, file),
          })),
          ...headers,
        ],
        responses,
      },
    };
  }
  const tokenParameter = (schema: Record<string, unknown>) => ({
    name: 'token',
    in: 'query',
    required: true,
    description: schema.description,
    schema: { type: schema.type, pattern: schema.pattern },
  });
  return {
    'x-generated': `Code generated by tools/codegen from ${provenance(allSources(contracts))}. DO NOT EDIT. Regenerate: npm run codegen`,
    openapi: '3.1.0',
    info: {
      title: 'lich loopback API',
      version: '1',
      description: `${wire.description} ${hookWire.description} Served on 127.0.0.1 only.`,
    },
    servers: [{ url: 'http://127.0.0.1:{port}', variables: { port: { default: '47821', description: 'LICH_PORT, or the port in the runtime file.' } } }],
    paths,
    components: {
      parameters: { rpcToken: tokenParameter(wire.query.token!), hookToken: tokenParameter(hookWire.query.token!) },
      schemas,
    },
  };
}

export async function emitOpenapi(contracts: Contracts): Promise<Files> {
  const document = openapiDocument(contracts);
  const ast = await openapiTS(structuredClone(document) as never, { silent: true });
  const dts = `${tsHeader(allSources(contracts))}\n${astToString(ast).trimStart()}`;
  return { 'openapi.json': jsonText(document), 'openapi.d.ts': dts };
}
