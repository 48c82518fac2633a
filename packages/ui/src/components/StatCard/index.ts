export { StatCard, type StatCardProps, type StatDelta, type StatTone } from "./StatCard";
