// What every result file records about the machine it was measured on: numbers from another CPU are not comparable
// (the fan-out results moved ~35% between an Intel Xeon and an AMD EPYC of the same size).
import { cpus, totalmem } from 'node:os';

export function describeMachine() {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    totalMemGB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
  };
}
