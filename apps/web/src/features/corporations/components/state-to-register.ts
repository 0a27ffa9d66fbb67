import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { CorporationState } from '../../../api/corporations-api';

type Opened =
  { kind: 'add'; registeredCodes: string[]; stateCode: string } | { kind: 'payroll'; registration: CorporationState };

/**
 * The way from "Register Ogun and give consent" (employees who live in a state the corporation is not
 * registered in): the states tab opened with `?register=OG` opens Add New State with Ogun chosen and,
 * once Ogun is added, Ogun's payroll to give consent; a state registered without consent opens its
 * payroll. Returns what to call when a state is added.
 */
export function useStateToRegister(
  registrations: CorporationState[] | undefined,
  can: { add: boolean; managePayroll: boolean },
  open: (opened: Opened) => void,
): (stateCode: string) => void {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('register');
  // The state added from the link, whose payroll opens once it is in the refreshed registrations.
  const [linked, setLinked] = useState<{ code: string; added: boolean } | null>(null);

  useEffect(() => {
    if (!asked || !registrations) return;
    setSearchParams(
      (params) => {
        params.delete('register');
        return params;
      },
      { replace: true },
    );
    const registration = registrations.find((candidate) => candidate.state.code === asked);
    if (!registration && can.add) {
      setLinked({ code: asked, added: false });
      open({ kind: 'add', registeredCodes: registrations.map((candidate) => candidate.state.code), stateCode: asked });
    } else if (registration && can.managePayroll && !registration.is_control_consent_given)
      open({ kind: 'payroll', registration });
  }, [asked, registrations, can.add, can.managePayroll, open, setSearchParams]);

  useEffect(() => {
    if (!linked?.added) return;
    const registration = registrations?.find((candidate) => candidate.state.code === linked.code);
    if (!registration) return;
    setLinked(null);
    if (can.managePayroll) open({ kind: 'payroll', registration });
  }, [linked, registrations, can.managePayroll, open]);

  return (stateCode) => {
    if (linked?.code === stateCode) setLinked({ code: stateCode, added: true });
  };
}
