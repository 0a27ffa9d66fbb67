import type { Db } from '../../db/client';
import type { ReferenceDataModule } from '../reference-data/index';
import { calculatorRoutes } from './calculator.routes';
import { createCalculatorService } from './calculator.service';

/** The public tax calculator and its shared results. */
export function calculatorModule(deps: { db: Db; referenceData: ReferenceDataModule }) {
  const calculator = createCalculatorService({ db: deps.db, whtRates: deps.referenceData.current });
  return { routes: calculatorRoutes(calculator) };
}
