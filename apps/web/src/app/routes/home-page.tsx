import { TaxCalculator } from '../../features/calculator/components/tax-calculator';
import { HomePage } from '../../features/home/pages/home-page';

/** The public home with the tax calculator in it. */
export default function HomeRoute() {
  return (
    <HomePage
      calculator={
        <TaxCalculator
          description={
            'Free and without an account: PAYE under the rules in force for the month you pick, ' +
            'with the Nigeria Tax Act 2025 and the Personal Income Tax Act side by side, ' +
            'and withholding tax on a payment. Share the result with a link.'
          }
        />
      }
    />
  );
}
