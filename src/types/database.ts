/**
 * Database types in the shape `supabase gen types typescript` produces, written to match
 * supabase/migrations/*.sql exactly (regenerate with the CLI against a hosted project to check).
 * Secret columns (family_access_code, owner_email, gift_code) are readable only by those the
 * policies allow; everyone else uses get_book_card() and my_books().
 */
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  __InternalSupabase: {
    PostgrestVersion: '13.0.5'
  }
  public: {
    Tables: {
      admin_coupons: {
        Row: {
          code: string
          created_at: string
          discount_type: string
          expires_at: string | null
          id: string
          is_active: boolean
          max_uses: number | null
          target_plan: string | null
          uses_count: number
          value: number
        }
        Insert: {
          code: string
          created_at?: string
          discount_type: string
          expires_at?: string | null
          id?: string
          is_active?: boolean
          max_uses?: number | null
          target_plan?: string | null
          uses_count?: number
          value: number
        }
        Update: {
          code?: string
          created_at?: string
          discount_type?: string
          expires_at?: string | null
          id?: string
          is_active?: boolean
          max_uses?: number | null
          target_plan?: string | null
          uses_count?: number
          value?: number
        }
        Relationships: []
      }
      admin_logs: {
        Row: {
          action: string
          admin_email: string | null
          book_id: string | null
          details: Json
          id: string
          target_user: string | null
          timestamp: string
        }
        Insert: {
          action: string
          admin_email?: string | null
          book_id?: string | null
          details?: Json
          id?: string
          target_user?: string | null
          timestamp?: string
        }
        Update: {
          action?: string
          admin_email?: string | null
          book_id?: string | null
          details?: Json
          id?: string
          target_user?: string | null
          timestamp?: string
        }
        Relationships: []
      }
      book_admins: {
        Row: {
          admin_name: string
          book_id: string
          confirmed_at: string | null
          contact: string | null
          created_at: string
          id: string
          invited_by: string | null
          status: string
          token: string
          user_id: string | null
        }
        Insert: {
          admin_name: string
          book_id: string
          confirmed_at?: string | null
          contact?: string | null
          created_at?: string
          id?: string
          invited_by?: string | null
          status?: string
          token?: string
          user_id?: string | null
        }
        Update: {
          admin_name?: string
          book_id?: string
          confirmed_at?: string | null
          contact?: string | null
          created_at?: string
          id?: string
          invited_by?: string | null
          status?: string
          token?: string
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: 'book_admins_book_id_fkey'
            columns: ['book_id']
            isOneToOne: false
            referencedRelation: 'memory_books'
            referencedColumns: ['id']
          },
        ]
      }
      chat_messages: {
        Row: {
          id: string
          intent: string | null
          is_bot: boolean
          message_text: string
          session_id: string
          timestamp: string
        }
        Insert: {
          id?: string
          intent?: string | null
          is_bot?: boolean
          message_text: string
          session_id: string
          timestamp?: string
        }
        Update: {
          id?: string
          intent?: string | null
          is_bot?: boolean
          message_text?: string
          session_id?: string
          timestamp?: string
        }
        Relationships: [
          {
            foreignKeyName: 'chat_messages_session_id_fkey'
            columns: ['session_id']
            isOneToOne: false
            referencedRelation: 'chat_sessions'
            referencedColumns: ['session_id']
          },
        ]
      }
      chat_sessions: {
        Row: {
          id: string
          message_count: number
          resolved: boolean
          session_id: string
          started_at: string
          user_id: string | null
          user_satisfaction: number | null
        }
        Insert: {
          id?: string
          message_count?: number
          resolved?: boolean
          session_id: string
          started_at?: string
          user_id?: string | null
          user_satisfaction?: number | null
        }
        Update: {
          id?: string
          message_count?: number
          resolved?: boolean
          session_id?: string
          started_at?: string
          user_id?: string | null
          user_satisfaction?: number | null
        }
        Relationships: []
      }
      family_access_grants: {
        Row: {
          book_id: string
          created_at: string
          expires_at: string
          token_hash: string
        }
        Insert: {
          book_id: string
          created_at?: string
          expires_at: string
          token_hash: string
        }
        Update: {
          book_id?: string
          created_at?: string
          expires_at?: string
          token_hash?: string
        }
        Relationships: [
          {
            foreignKeyName: 'family_access_grants_book_id_fkey'
            columns: ['book_id']
            isOneToOne: false
            referencedRelation: 'memory_books'
            referencedColumns: ['id']
          },
        ]
      }
      family_code_attempts: {
        Row: {
          attempted_at: string
          book_id: string
          client_hint: string | null
          client_key: string | null
          id: number
          locks_until: string | null
          success: boolean
        }
        Insert: {
          attempted_at?: string
          book_id: string
          client_hint?: string | null
          client_key?: string | null
          id?: never
          locks_until?: string | null
          success: boolean
        }
        Update: {
          attempted_at?: string
          book_id?: string
          client_hint?: string | null
          client_key?: string | null
          id?: never
          locks_until?: string | null
          success?: boolean
        }
        Relationships: [
          {
            foreignKeyName: 'family_code_attempts_book_id_fkey'
            columns: ['book_id']
            isOneToOne: false
            referencedRelation: 'memory_books'
            referencedColumns: ['id']
          },
        ]
      }
      gift_claim_attempts: {
        Row: {
          attempted_at: string
          client_ip: string | null
          id: number
          locks_until: string | null
          success: boolean
          user_id: string | null
        }
        Insert: {
          attempted_at?: string
          client_ip?: string | null
          id?: never
          locks_until?: string | null
          success: boolean
          user_id?: string | null
        }
        Update: {
          attempted_at?: string
          client_ip?: string | null
          id?: never
          locks_until?: string | null
          success?: boolean
          user_id?: string | null
        }
        Relationships: []
      }
      memory_books: {
        Row: {
          background_image_url: string | null
          birth_date: string | null
          book_id: string
          claimed_by_user_id: string | null
          completion_status: string | null
          created_at: string
          creator_name: string | null
          death_date: string | null
          family_access_code: string
          full_name: string
          gift_activated: boolean
          gift_claimed_at: string | null
          gift_code: string | null
          gift_code_expires_at: string | null
          gift_purchased_at: string | null
          gift_recipient_name: string | null
          gift_status: string | null
          id: string
          is_paid: boolean
          is_public: boolean
          memory_quote: string | null
          owner_email: string | null
          payment_status: string
          plan_type: string
          profile_image_url: string | null
          purchaser_name: string | null
          purchaser_user_id: string | null
          stripe_session_id: string | null
          updated_at: string
        }
        Insert: {
          background_image_url?: string | null
          birth_date?: string | null
          book_id?: string
          claimed_by_user_id?: string | null
          completion_status?: string | null
          created_at?: string
          creator_name?: string | null
          death_date?: string | null
          family_access_code?: string
          full_name: string
          gift_activated?: boolean
          gift_claimed_at?: string | null
          gift_code?: string | null
          gift_code_expires_at?: string | null
          gift_purchased_at?: string | null
          gift_recipient_name?: string | null
          gift_status?: string | null
          id?: string
          is_paid?: never
          is_public?: boolean
          memory_quote?: string | null
          owner_email?: string | null
          payment_status?: string
          plan_type?: string
          profile_image_url?: string | null
          purchaser_name?: string | null
          purchaser_user_id?: string | null
          stripe_session_id?: string | null
          updated_at?: string
        }
        Update: {
          background_image_url?: string | null
          birth_date?: string | null
          book_id?: string
          claimed_by_user_id?: string | null
          completion_status?: string | null
          created_at?: string
          creator_name?: string | null
          death_date?: string | null
          family_access_code?: string
          full_name?: string
          gift_activated?: boolean
          gift_claimed_at?: string | null
          gift_code?: string | null
          gift_code_expires_at?: string | null
          gift_purchased_at?: string | null
          gift_recipient_name?: string | null
          gift_status?: string | null
          id?: string
          is_paid?: never
          is_public?: boolean
          memory_quote?: string | null
          owner_email?: string | null
          payment_status?: string
          plan_type?: string
          profile_image_url?: string | null
          purchaser_name?: string | null
          purchaser_user_id?: string | null
          stripe_session_id?: string | null
          updated_at?: string
        }
        Relationships: []
      }
      memory_entries: {
        Row: {
          author_user_id: string | null
          book_id: string
          created_at: string
          full_name: string
          id: string
          image_captions: string[]
          image_description: string | null
          image_descriptions: string[]
          image_url: string | null
          image_urls: string[]
          is_hidden: boolean
          memory_text_1: string | null
          memory_text_2: string | null
          memory_text_3: string | null
          relation_to_deceased: string | null
          source: string
          video_url: string | null
        }
        Insert: {
          author_user_id?: string | null
          book_id: string
          created_at?: string
          full_name: string
          id?: string
          image_captions?: string[]
          image_description?: string | null
          image_descriptions?: string[]
          image_url?: string | null
          image_urls?: string[]
          is_hidden?: boolean
          memory_text_1?: string | null
          memory_text_2?: string | null
          memory_text_3?: string | null
          relation_to_deceased?: string | null
          source?: string
          video_url?: string | null
        }
        Update: {
          author_user_id?: string | null
          book_id?: string
          created_at?: string
          full_name?: string
          id?: string
          image_captions?: string[]
          image_description?: string | null
          image_descriptions?: string[]
          image_url?: string | null
          image_urls?: string[]
          is_hidden?: boolean
          memory_text_1?: string | null
          memory_text_2?: string | null
          memory_text_3?: string | null
          relation_to_deceased?: string | null
          source?: string
          video_url?: string | null
        }
        Relationships: [
          {
            foreignKeyName: 'memory_entries_book_id_fkey'
            columns: ['book_id']
            isOneToOne: false
            referencedRelation: 'memory_books'
            referencedColumns: ['id']
          },
        ]
      }
      onboarding_data: {
        Row: {
          deceased_name: string | null
          relationship: string | null
          selected_plan: string | null
          updated_at: string
          user_id: string
        }
        Insert: {
          deceased_name?: string | null
          relationship?: string | null
          selected_plan?: string | null
          updated_at?: string
          user_id?: string
        }
        Update: {
          deceased_name?: string | null
          relationship?: string | null
          selected_plan?: string | null
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      ownership_transfer_requests: {
        Row: {
          book_id: string
          created_at: string
          decided_at: string | null
          id: string
          invite_token: string
          invitee_email: string
          invitee_user_id: string | null
          registered_at: string | null
          requested_by: string | null
          status: string
        }
        Insert: {
          book_id: string
          created_at?: string
          decided_at?: string | null
          id?: string
          invite_token?: string
          invitee_email: string
          invitee_user_id?: string | null
          registered_at?: string | null
          requested_by?: string | null
          status?: string
        }
        Update: {
          book_id?: string
          created_at?: string
          decided_at?: string | null
          id?: string
          invite_token?: string
          invitee_email?: string
          invitee_user_id?: string | null
          registered_at?: string | null
          requested_by?: string | null
          status?: string
        }
        Relationships: [
          {
            foreignKeyName: 'ownership_transfer_requests_book_id_fkey'
            columns: ['book_id']
            isOneToOne: false
            referencedRelation: 'memory_books'
            referencedColumns: ['id']
          },
        ]
      }
      payment_sessions: {
        Row: {
          amount_agorot: number
          coupon_code: string | null
          created_at: string
          currency: string
          email: string | null
          paid_at: string | null
          plan_type: string
          recipient_type: string
          refund_id: string | null
          status: string
          stripe_session_id: string
          used_by_book: string | null
          used_at: string | null
          user_id: string | null
        }
        Insert: {
          amount_agorot: number
          coupon_code?: string | null
          created_at?: string
          currency?: string
          email?: string | null
          paid_at?: string | null
          plan_type: string
          recipient_type: string
          refund_id?: string | null
          status?: string
          stripe_session_id: string
          used_by_book?: string | null
          used_at?: string | null
          user_id?: string | null
        }
        Update: {
          amount_agorot?: number
          coupon_code?: string | null
          created_at?: string
          currency?: string
          email?: string | null
          paid_at?: string | null
          plan_type?: string
          recipient_type?: string
          refund_id?: string | null
          status?: string
          stripe_session_id?: string
          used_by_book?: string | null
          used_at?: string | null
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: 'payment_sessions_used_by_book_fkey'
            columns: ['used_by_book']
            isOneToOne: false
            referencedRelation: 'memory_books'
            referencedColumns: ['id']
          },
        ]
      }
      plan_prices: {
        Row: {
          currency: string
          is_offered: boolean
          original_price_agorot: number | null
          plan_type: string
          price_agorot: number
          updated_at: string
        }
        Insert: {
          currency?: string
          is_offered?: boolean
          original_price_agorot?: number | null
          plan_type: string
          price_agorot: number
          updated_at?: string
        }
        Update: {
          currency?: string
          is_offered?: boolean
          original_price_agorot?: number | null
          plan_type?: string
          price_agorot?: number
          updated_at?: string
        }
        Relationships: []
      }
      platform_admin_emails: {
        Row: {
          created_at: string
          email: string
          note: string | null
        }
        Insert: {
          created_at?: string
          email: string
          note?: string | null
        }
        Update: {
          created_at?: string
          email?: string
          note?: string | null
        }
        Relationships: []
      }
      project_settings: {
        Row: {
          id: boolean
          project_url: string
          updated_at: string
        }
        Insert: {
          id?: boolean
          project_url: string
          updated_at?: string
        }
        Update: {
          id?: boolean
          project_url?: string
          updated_at?: string
        }
        Relationships: []
      }
      rate_limit_hits: {
        Row: {
          client_key: string
          hit_at: string
          id: number
          scope: string
        }
        Insert: {
          client_key: string
          hit_at?: string
          id?: never
          scope: string
        }
        Update: {
          client_key?: string
          hit_at?: string
          id?: never
          scope?: string
        }
        Relationships: []
      }
      replaced_gift_codes: {
        Row: {
          book_id: string
          gift_code: string
          replaced_at: string
        }
        Insert: {
          book_id: string
          gift_code: string
          replaced_at?: string
        }
        Update: {
          book_id?: string
          gift_code?: string
          replaced_at?: string
        }
        Relationships: [
          {
            foreignKeyName: 'replaced_gift_codes_book_id_fkey'
            columns: ['book_id']
            isOneToOne: false
            referencedRelation: 'memory_books'
            referencedColumns: ['id']
          },
        ]
      }
      users: {
        Row: {
          created_at: string
          email: string | null
          full_name: string | null
          id: string
          must_change_password: boolean
          role: string
          user_stage: string | null
        }
        Insert: {
          created_at?: string
          email?: string | null
          full_name?: string | null
          id: string
          must_change_password?: boolean
          role?: string
          user_stage?: string | null
        }
        Update: {
          created_at?: string
          email?: string | null
          full_name?: string | null
          id?: string
          must_change_password?: boolean
          role?: string
          user_stage?: string | null
        }
        Relationships: []
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      add_memory: {
        Args: {
          access_grant?: string
          book_ref: string
          full_name?: string
          image_captions?: string[]
          image_urls?: string[]
          relation?: string
          text1?: string
          text2?: string
          text3?: string
          video_url?: string
        }
        Returns: Database['public']['CompositeTypes']['add_memory_result']
      }
      admin_cleanup_security_logs: { Args: never; Returns: number }
      admin_delete_book: { Args: { book: string }; Returns: boolean }
      admin_list_users: {
        Args: never
        Returns: Database['public']['Tables']['users']['Row'][]
        SetofOptions: { from: '*'; to: 'users'; isOneToOne: false; isSetofReturn: true }
      }
      admin_security_logs: {
        Args: { max_rows?: number }
        Returns: Database['public']['Tables']['admin_logs']['Row'][]
        SetofOptions: { from: '*'; to: 'admin_logs'; isOneToOne: false; isSetofReturn: true }
      }
      admin_toggle_payment_status: { Args: { book: string }; Returns: string }
      can_manage_book: { Args: { book: string }; Returns: boolean }
      cancel_gift_as: { Args: { gift_id: string; purchaser: string }; Returns: Json }
      can_read_book: { Args: { book: string }; Returns: boolean }
      can_upload_memory_media: { Args: { object_name: string }; Returns: boolean }
      check_gift_code_from: {
        Args: { attempt_user?: string; client_ip: string; code: string }
        Returns: string
      }
      chat_rate_session: {
        Args: { rating: number; resolved?: boolean; session_id: string }
        Returns: undefined
      }
      chat_record_message: {
        Args: { intent?: string; is_bot?: boolean; message_text: string; session_id: string }
        Returns: string
      }
      claim_gift_as: {
        Args: { claimer: string; gift_code: string }
        Returns: Database['public']['CompositeTypes']['book_action_result']
      }
      create_gift_book: {
        Args: {
          buyer: string
          buyer_name: string | null
          deceased_name: string
          legacy_book: string | null
          recipient_name: string
          session_id: string | null
        }
        Returns: Json
      }
      current_user_email: { Args: never; Returns: string }
      decide_ownership_transfer: { Args: { approve: boolean; request_id: string }; Returns: string }
      family_code_check: { Args: { book_ref: string; client: string; code: string }; Returns: Json }
      generate_family_code: { Args: { book: string }; Returns: string }
      generate_gift_code: { Args: never; Returns: string }
      get_book_card: {
        Args: { book_ref: string }
        Returns: {
          background_image_url: string | null
          birth_date: string | null
          book_id: string
          creator_name: string | null
          death_date: string | null
          full_name: string
          id: string
          is_paid: boolean
          is_public: boolean
          memory_quote: string | null
          plan_type: string
          profile_image_url: string | null
        }[]
      }
      get_book_memories: {
        Args: { access_grant?: string; book_ref: string }
        Returns: Database['public']['Tables']['memory_entries']['Row'][]
        SetofOptions: { from: '*'; to: 'memory_entries'; isOneToOne: false; isSetofReturn: true }
      }
      is_book_family_admin: { Args: { book: string }; Returns: boolean }
      is_book_owner: { Args: { book: string }; Returns: boolean }
      is_book_paid: { Args: { book: string }; Returns: boolean }
      is_book_public_and_paid: { Args: { book: string }; Returns: boolean }
      is_own_storage_folder: { Args: { object_name: string }; Returns: boolean }
      is_platform_admin: { Args: never; Returns: boolean }
      join_book_as_admin: {
        Args: { book_ref: string; member: string; token: string }
        Returns: Database['public']['CompositeTypes']['book_action_result']
      }
      log_security_event: { Args: { action: string; details?: Json }; Returns: undefined }
      my_gift: { Args: { book?: string; session_id?: string }; Returns: Json }
      my_books: {
        Args: never
        Returns: {
          background_image_url: string | null
          birth_date: string | null
          book_id: string
          completion_status: string | null
          created_at: string
          creator_name: string | null
          death_date: string | null
          family_access_code: string | null
          full_name: string
          gift_activated: boolean
          gift_claimed_at: string | null
          gift_code: string | null
          gift_code_expires_at: string | null
          gift_purchased_at: string | null
          gift_recipient_name: string | null
          gift_status: string | null
          id: string
          is_claimer: boolean
          is_family_admin: boolean
          is_owner: boolean
          is_paid: boolean
          is_public: boolean
          is_purchaser: boolean
          memory_count: number
          memory_quote: string | null
          owner_email: string | null
          payment_status: string
          plan_type: string
          profile_image_url: string | null
          purchaser_name: string | null
          updated_at: string
        }[]
      }
      record_gift_refund: { Args: { refund: string; session_id: string }; Returns: boolean }
      rate_limit_hit: {
        Args: { clients: string[]; max_hits: number; scope: string; window_seconds: number }
        Returns: boolean
      }
      record_checkout_payment: {
        Args: { amount_paid: number; paid_currency: string; session_id: string }
        Returns: string
      }
      redeem_coupon: {
        Args: { code: string; plan: string }
        Returns: Database['public']['CompositeTypes']['coupon_check']
      }
      redeem_coupon_for_free_session: {
        Args: {
          buyer: string
          buyer_email: string
          coupon_code: string
          expected_discount_type: string
          expected_value: number
          plan: string
          recipient: string
          session_id: string
        }
        Returns: Database['public']['CompositeTypes']['coupon_check']
      }
      resend_gift_as: { Args: { gift_id: string; purchaser: string }; Returns: Json }
      register_ownership_transfer: {
        Args: { invite_token: string }
        Returns: Database['public']['CompositeTypes']['book_action_result']
      }
      validate_coupon: {
        Args: { code: string; plan?: string }
        Returns: Database['public']['CompositeTypes']['coupon_check']
      }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      add_memory_result: {
        ok: boolean | null
        reason: string | null
        message: string | null
        memory_id: string | null
        source: string | null
      }
      book_action_result: {
        ok: boolean | null
        reason: string | null
        message: string | null
        book_uuid: string | null
        book_id: string | null
      }
      coupon_check: {
        valid: boolean | null
        code: string | null
        discount_type: string | null
        value: number | null
        reason: string | null
      }
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, 'public'>]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    ? (DefaultSchema['Tables'] & DefaultSchema['Views'])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends { Insert: infer I }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends { Update: infer U }
      ? U
      : never
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema['CompositeTypes']
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes']
    : never = never,
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes'][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema['CompositeTypes']
    ? DefaultSchema['CompositeTypes'][PublicCompositeTypeNameOrOptions]
    : never

/** The values the checks allow (the schema uses text + check constraints, not enum types). */
export const Constants = {
  public: {
    planTypes: ['basic', 'pro', 'full'],
    paymentStatuses: ['unpaid', 'pending', 'paid', 'completed', 'failed', 'test'],
    paidStatuses: ['paid', 'completed', 'test'],
    giftStatuses: ['pending', 'claimed', 'cancelled', 'replaced'],
    memorySources: ['guest', 'family'],
    bookAdminStatuses: ['invited', 'confirmed'],
    transferStatuses: ['pending_registration', 'registered_waiting_approval', 'approved', 'declined'],
    chatIntents: ['pricing', 'gift', 'technical', 'family_code', 'process', 'support', 'greeting', 'other'],
    discountTypes: ['percent', 'fixed'],
    onboardingRelationships: ['grandparent', 'spouse', 'parent', 'sibling', 'friend', 'other'],
    userRoles: ['user', 'admin'],
  },
} as const
