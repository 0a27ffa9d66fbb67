// The calls the public pages make (the calculator, receipts, the deployment every page asks
// about), declared as calls.ts declares the rest and re-exported there: a page that imports only
// these does not load the whole table (4 KB gzipped).
import type { CallDeclaration } from './api';

// calculator
export const calculatePaye = {
  method: 'POST',
  namespace: 'public',
  path: 'calculator/paye',
  public: true,
} as const satisfies CallDeclaration;
export const calculateWht = {
  method: 'POST',
  namespace: 'public',
  path: 'calculator/wht',
  public: true,
} as const satisfies CallDeclaration;
export const shareCalculation = {
  method: 'POST',
  namespace: 'public',
  path: 'calculator/share',
  public: true,
} as const satisfies CallDeclaration;
export const getSharedCalculation = {
  method: 'GET',
  namespace: 'public',
  path: 'calculator/share/{token}',
  public: true,
} as const satisfies CallDeclaration;

// receipts
export const getDeployment = {
  method: 'GET',
  namespace: 'public',
  path: 'deployment',
  public: true,
} as const satisfies CallDeclaration;
export const verifyReceipt = {
  method: 'GET',
  namespace: 'public',
  path: 'receipts/verify/{code}',
  public: true,
} as const satisfies CallDeclaration;
