import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { readAllPages } from '@/lib/api-pages'
import { getSupabase } from '@/lib/supabase'
import type { Database } from '@contracts/database.ts'
import type { CouponInput } from '../lib/coupon-form'
import { toRefusal } from '@/lib/refusal'
import { platformAdminKeys } from './platform-admin-keys'

export type CouponRow = Database['public']['Tables']['admin_coupons']['Row']

/** Every coupon, newest first. */
async function fetchCoupons(signal: AbortSignal): Promise<CouponRow[]> {
  const supabase = await getSupabase()
  return readAllPages(async ({ offset, last }) => {
    const { data, error } = await supabase
      .from('admin_coupons')
      .select('*')
      .order('created_at', { ascending: false })
      .order('id')
      .range(offset, last)
      .abortSignal(signal)
    if (error) throw toRefusal(error)
    return data
  })
}

export function useCoupons() {
  return useQuery({ queryKey: platformAdminKeys.coupons(), queryFn: ({ signal }) => fetchCoupons(signal) })
}

/** admin_create_coupon(): the server validates (percent 1–100, fixed above 0, unique code) and answers in Hebrew. */
async function createCoupon(input: CouponInput): Promise<CouponRow> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('admin_create_coupon', {
    code: input.code,
    discount_type: input.discountType,
    value: input.value,
    target_plan: input.targetPlan,
    max_uses: input.maxUses,
    expires_at: input.expiresAt,
  })
  if (error) throw toRefusal(error)
  return data
}

async function deleteCoupon(id: string): Promise<boolean> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('admin_delete_coupon', { coupon: id })
  if (error) throw toRefusal(error)
  return data
}

export function useCreateCoupon() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createCoupon,
    onSettled: () => queryClient.invalidateQueries({ queryKey: platformAdminKeys.coupons() }),
  })
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteCoupon,
    onSettled: () => queryClient.invalidateQueries({ queryKey: platformAdminKeys.coupons() }),
  })
}
