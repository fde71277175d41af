export { PlanCard } from './PlanCard';
export { ADDITIONAL_FEES, ENTERPRISE, FAQ_RATES, STANDARD_PLANS, STARTER_PLAN, type StandardPlan } from './plans';
export { formatBps, formatPence, formatRate, type Rate } from './money';
