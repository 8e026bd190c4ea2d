/**
 * Traces (OpenTelemetry), one W3C trace across the whole site: the gateway starts (or continues) a trace
 * per request and passes `traceparent` to the service it proxies to; a service continues it, writes it
 * into the headers of every event it enqueues, so it travels through the outbox, NATS message headers or
 * the in-process bus into each handler, which continues it again; outgoing HTTP calls carry it too
 * (`traceHeaders()`, or `withTraceHeaders(fetch)` for a client that takes a fetch). Log lines carry `trace_id` and `span_id` (logger.ts).
 *
 * Spans are made always, so the ids exist in every mode; they are exported over OTLP (HTTP, JSON) only
 * when `OTEL_EXPORTER_OTLP_ENDPOINT` is set. One tracer provider per process, registered by the first
 * `startTracing` (the embedded runner's, naming the site; otherwise a service's or the gateway's); a
 * later call that names an endpoint not exported to yet adds its exporter. Each service's spans come
 * from a tracer named after the service.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  isSpanContextValid,
  propagation,
  trace,
  type Span,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/** Hands finished spans to the exporters added so far (the provider takes its processors only once). */
class Exporters implements SpanProcessor {
  readonly byEndpoint = new Map<string, BatchSpanProcessor>();
  onStart(): void {}
  onEnd(span: Parameters<SpanProcessor['onEnd']>[0]): void {
    for (const processor of this.byEndpoint.values()) processor.onEnd(span);
  }
  async forceFlush(): Promise<void> {
    await Promise.all([...this.byEndpoint.values()].map((processor) => processor.forceFlush()));
  }
  async shutdown(): Promise<void> {
    await Promise.all([...this.byEndpoint.values()].map((processor) => processor.shutdown()));
  }
}

let provider: NodeTracerProvider | undefined;
const exporters = new Exporters();

export interface TracingOptions {
  /** The resource's `service.name`: the service or the gateway alone in its process, or the site. */
  serviceName: string;
  /** OTLP/HTTP base address, e.g. `http://collector:4318`; unset, nothing is exported. */
  otlpEndpoint?: string;
}

/** Registers the process's tracer provider, W3C propagation and async context, once per process. */
export function startTracing(options: TracingOptions): void {
  if (!provider) {
    provider = new NodeTracerProvider({
      resource: resourceFromAttributes({ 'service.name': options.serviceName }),
      spanProcessors: [exporters],
    });
    provider.register();
  }
  const endpoint = options.otlpEndpoint?.replace(/\/+$/, '');
  if (endpoint && !exporters.byEndpoint.has(endpoint)) {
    exporters.byEndpoint.set(
      endpoint,
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint}/v1/traces` })),
    );
  }
}

/** Sends what the exporters still hold (at shutdown); nothing to do without one. */
export async function flushTraces(): Promise<void> {
  await exporters.forceFlush();
}

/** `traceparent` (and `tracestate`) of the current span, for an outgoing request or an event. */
export function traceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/**
 * `fetchFn` sending `traceHeaders()` with each request, for a client that makes its own requests (a
 * provider's SDK or REST client); headers the caller set win.
 */
export function withTraceHeaders(fetchFn: typeof fetch = globalThis.fetch): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    for (const [name, value] of Object.entries(traceHeaders()))
      if (!headers.has(name)) headers.set(name, value);
    return fetchFn(input, { ...init, headers });
  };
}

/** `trace_id` and `span_id` of the current span for a log line, or nothing outside any span. */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getSpan(context.active());
  const spanContext = span?.spanContext();
  if (!spanContext || !isSpanContextValid(spanContext)) return {};
  return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
}

/**
 * Runs `next` inside a server span continuing the request's `traceparent`; the span ends when the answer
 * is finished or the connection closes, named `METHOD route` with the route `routeOf` gives then.
 */
export function traceRequest(
  service: string,
  req: IncomingMessage,
  res: ServerResponse,
  routeOf: () => string,
  next: () => void,
): void {
  const parent = propagation.extract(ROOT_CONTEXT, req.headers);
  const method = req.method ?? 'GET';
  const span = trace
    .getTracer(service)
    .startSpan(
      method,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': method, 'platform.service': service } },
      parent,
    );
  const end = () => {
    res.off('finish', end);
    res.off('close', end);
    const route = routeOf();
    span.updateName(`${method} ${route}`);
    span.setAttribute('http.route', route);
    span.setAttribute('http.response.status_code', res.statusCode);
    if (res.statusCode >= 500 || !res.writableFinished) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  };
  res.on('finish', end);
  res.on('close', end);
  context.with(trace.setSpan(parent, span), next);
}

/** Runs `work` inside a consumer span continuing the trace in an event's headers. */
export async function traceEventHandling<T>(
  service: string,
  subject: string,
  headers: Record<string, string> | IncomingHttpHeaders,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = propagation.extract(ROOT_CONTEXT, headers);
  const span = trace.getTracer(service).startSpan(
    `${subject} process`,
    {
      kind: SpanKind.CONSUMER,
      attributes: { 'messaging.destination.name': subject, 'platform.service': service },
    },
    parent,
  );
  try {
    return await context.with(trace.setSpan(parent, span), () => work(span));
  } catch (error) {
    span.setStatus({
      code: SpanStatusCode.ERROR,
      message: error instanceof Error ? error.message : String(error),
    });
    throw error;
  } finally {
    span.end();
  }
}
