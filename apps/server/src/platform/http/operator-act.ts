/**
 * An operator's act as a service function receives it from the operator API: who (the operator the bearer token
 * named), from where, and what the request said. Services take this rather than the HTTP request.
 */
export type OperatorAct<Body, Params = unknown> = { operator: string; ip: string; body: Body; params: Params };

/** The act a request to the operator API carries: its authenticated operator, address, body and path parameters. */
export const operatorAct = <Body, Params>(request: {
  operator: string;
  ip: string;
  body: Body;
  params: Params;
}): OperatorAct<Body, Params> => ({
  operator: request.operator,
  ip: request.ip,
  body: request.body,
  params: request.params,
});
