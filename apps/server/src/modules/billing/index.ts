export * from './billing.table.js';
export * from './ledger.js';
export { gatewayKeys, type PaymentGateway, type GatewayKeys } from './gateway.port.js';
export { gatewayFor, configuredGateways } from './gateways/index.js';
export { subscriptionsRoutes, presentSubscription } from './subscriptions.routes.js';
export { plansRoutes } from './plans.routes.js';
export { presentPlan, loadPlans, findPlan, publicPlans, synchronizePlans } from './plans.js';
export { paymentsRoutes } from './payments.routes.js';
