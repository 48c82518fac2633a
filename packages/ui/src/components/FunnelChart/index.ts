export { FunnelChart, type FunnelChartProps, type FunnelDatum } from "./FunnelChart";
