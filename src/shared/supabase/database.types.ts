
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  
  "public": {
          Tables: {
            "b2b_customer_depos": {
                  Row: {
                    "b2b_customer_id": number,"depo_id": number,"tenant_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "b2b_customer_id": number,"depo_id": number,"tenant_id": string
                  }
                  Update: {
                    "b2b_customer_id"?: number,"depo_id"?: number,"tenant_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "b2b_customer_depos_tenant_id_b2b_customer_id_fkey"
      columns: ["tenant_id","b2b_customer_id"]
isOneToOne: false
      referencedRelation: "b2b_customers"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "b2b_customer_depos_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    }
                  ]
                },"b2b_customers": {
                  Row: {
                    "address": string | null,"created_at": string,"customer_name": string,"customer_name_2": string | null,"customer_number": string,"depo_ids": (number)[],"email": string | null,"id": number,"in_route": boolean,"last_visit_on": string | null,"lat": number | null,"lng": number | null,"notes_about_customer": string | null,"notes_to_customer": string | null,"opening_week": number | null,"payment_method": string | null,"payment_term": string | null,"phone": string | null,"phone_2": string | null,"sales_consultant": string | null,"sales_district_name": string | null,"season": string | null,"segmentation": string | null,"shop_close_at": string | null,"shop_id": string | null,"shop_open_at": string | null,"status": Database["public"]['Enums']["active_status"],"tenant_id": string,"zip_code": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "address"?: string | null,"created_at"?: string,"customer_name": string,"customer_name_2"?: string | null,"customer_number": string,"depo_ids"?: (number)[],"email"?: string | null,"id"?: never,"in_route"?: boolean,"last_visit_on"?: string | null,"lat"?: number | null,"lng"?: number | null,"notes_about_customer"?: string | null,"notes_to_customer"?: string | null,"opening_week"?: number | null,"payment_method"?: string | null,"payment_term"?: string | null,"phone"?: string | null,"phone_2"?: string | null,"sales_consultant"?: string | null,"sales_district_name"?: string | null,"season"?: string | null,"segmentation"?: string | null,"shop_close_at"?: string | null,"shop_id"?: string | null,"shop_open_at"?: string | null,"status"?: Database["public"]['Enums']["active_status"],"tenant_id": string,"zip_code"?: string | null
                  }
                  Update: {
                    "address"?: string | null,"created_at"?: string,"customer_name"?: string,"customer_name_2"?: string | null,"customer_number"?: string,"depo_ids"?: (number)[],"email"?: string | null,"id"?: never,"in_route"?: boolean,"last_visit_on"?: string | null,"lat"?: number | null,"lng"?: number | null,"notes_about_customer"?: string | null,"notes_to_customer"?: string | null,"opening_week"?: number | null,"payment_method"?: string | null,"payment_term"?: string | null,"phone"?: string | null,"phone_2"?: string | null,"sales_consultant"?: string | null,"sales_district_name"?: string | null,"season"?: string | null,"segmentation"?: string | null,"shop_close_at"?: string | null,"shop_id"?: string | null,"shop_open_at"?: string | null,"status"?: Database["public"]['Enums']["active_status"],"tenant_id"?: string,"zip_code"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "b2b_customers_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"b2b_order_line_items": {
                  Row: {
                    "b2b_order_id": number,"category_name": string | null,"discount": number,"id": number,"product_name": string,"quantity": number,"tenant_id": string,"total_line_amount": number
                  }
                  ComputedFields: never
                  Insert: {
                    "b2b_order_id": number,"category_name"?: string | null,"discount"?: number,"id"?: never,"product_name": string,"quantity": number,"tenant_id": string,"total_line_amount": number
                  }
                  Update: {
                    "b2b_order_id"?: number,"category_name"?: string | null,"discount"?: number,"id"?: never,"product_name"?: string,"quantity"?: number,"tenant_id"?: string,"total_line_amount"?: number
                  }
                  Relationships: [
                    {
      foreignKeyName: "b2b_order_line_items_tenant_id_b2b_order_id_fkey"
      columns: ["tenant_id","b2b_order_id"]
isOneToOne: false
      referencedRelation: "b2b_orders"
      referencedColumns: ["tenant_id","id"]
    }
                  ]
                },"b2b_orders": {
                  Row: {
                    "b2b_customer_id": number | null,"created_at": string,"customer_number": string,"date": string,"exported_at": string | null,"id": number,"shop_name": string,"tenant_id": string,"total_discount": number,"total_quantity": number,"total_revenue": number
                  }
                  ComputedFields: never
                  Insert: {
                    "b2b_customer_id"?: number | null,"created_at"?: string,"customer_number": string,"date": string,"exported_at"?: string | null,"id"?: never,"shop_name": string,"tenant_id": string,"total_discount"?: number,"total_quantity"?: number,"total_revenue"?: number
                  }
                  Update: {
                    "b2b_customer_id"?: number | null,"created_at"?: string,"customer_number"?: string,"date"?: string,"exported_at"?: string | null,"id"?: never,"shop_name"?: string,"tenant_id"?: string,"total_discount"?: number,"total_quantity"?: number,"total_revenue"?: number
                  }
                  Relationships: [
                    {
      foreignKeyName: "b2b_orders_tenant_id_b2b_customer_id_fkey"
      columns: ["tenant_id","b2b_customer_id"]
isOneToOne: false
      referencedRelation: "b2b_customers"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "b2b_orders_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"car_positions": {
                  Row: {
                    "car_id": number,"depo_id": number,"heading": number | null,"lat": number,"lng": number,"recorded_at": string,"speed_kmh": number | null,"tenant_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "car_id": number,"depo_id": number,"heading"?: number | null,"lat": number,"lng": number,"recorded_at"?: string,"speed_kmh"?: number | null,"tenant_id": string
                  }
                  Update: {
                    "car_id"?: number,"depo_id"?: number,"heading"?: number | null,"lat"?: number,"lng"?: number,"recorded_at"?: string,"speed_kmh"?: number | null,"tenant_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "car_positions_car_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","car_id"]
isOneToOne: false
      referencedRelation: "cars"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "car_positions_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    }
                  ]
                },"cars": {
                  Row: {
                    "axapta_code": string | null,"created_at": string,"deleted_at": string | null,"depo_id": number,"franchise_car": boolean,"id": number,"internal_number": string,"lakrids_route_number": string | null,"last_synced_at": string | null,"latest_location_lat": number | null,"latest_location_lng": number | null,"latest_location_updated_at": string | null,"mapon_car_id": string | null,"mobile_number": string | null,"plate_number": string,"send_to_lakrids": boolean,"status": Database["public"]['Enums']["active_status"],"tenant_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "axapta_code"?: string | null,"created_at"?: string,"deleted_at"?: string | null,"depo_id": number,"franchise_car"?: boolean,"id"?: never,"internal_number": string,"lakrids_route_number"?: string | null,"last_synced_at"?: string | null,"latest_location_lat"?: number | null,"latest_location_lng"?: number | null,"latest_location_updated_at"?: string | null,"mapon_car_id"?: string | null,"mobile_number"?: string | null,"plate_number": string,"send_to_lakrids"?: boolean,"status"?: Database["public"]['Enums']["active_status"],"tenant_id": string
                  }
                  Update: {
                    "axapta_code"?: string | null,"created_at"?: string,"deleted_at"?: string | null,"depo_id"?: number,"franchise_car"?: boolean,"id"?: never,"internal_number"?: string,"lakrids_route_number"?: string | null,"last_synced_at"?: string | null,"latest_location_lat"?: number | null,"latest_location_lng"?: number | null,"latest_location_updated_at"?: string | null,"mapon_car_id"?: string | null,"mobile_number"?: string | null,"plate_number"?: string,"send_to_lakrids"?: boolean,"status"?: Database["public"]['Enums']["active_status"],"tenant_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "cars_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "cars_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"cash_registers": {
                  Row: {
                    "depo_id": number,"id": number,"name": string,"tenant_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "depo_id": number,"id"?: never,"name": string,"tenant_id": string
                  }
                  Update: {
                    "depo_id"?: number,"id"?: never,"name"?: string,"tenant_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "cash_registers_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "cash_registers_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"customer_consent_records": {
                  Row: {
                    "consent": string,"consent_text": string | null,"customer_id": number,"granted": boolean,"id": number,"page": string | null,"recorded_at": string,"source": string,"staff_user_id": string | null,"tenant_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "consent": string,"consent_text"?: string | null,"customer_id": number,"granted": boolean,"id"?: never,"page"?: string | null,"recorded_at"?: string,"source": string,"staff_user_id"?: string | null,"tenant_id": string
                  }
                  Update: {
                    "consent"?: string,"consent_text"?: string | null,"customer_id"?: number,"granted"?: boolean,"id"?: never,"page"?: string | null,"recorded_at"?: string,"source"?: string,"staff_user_id"?: string | null,"tenant_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "customer_consent_records_tenant_id_customer_id_fkey"
      columns: ["tenant_id","customer_id"]
isOneToOne: false
      referencedRelation: "customers"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "customer_consent_records_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"customers": {
                  Row: {
                    "address": string | null,"address_type": string | null,"created_at": string,"email": string | null,"first_name": string | null,"gender": Database["public"]['Enums']["gender"] | null,"home_address": string | null,"home_address_type": string | null,"id": number,"last_name": string | null,"lat": number | null,"lng": number | null,"locale": string | null,"marketing_agreement": boolean,"name": string | null,"original_address": string | null,"original_lat": number | null,"original_lng": number | null,"phone": string,"route_number": string | null,"sms_permission": boolean,"tenant_id": string,"updated_at": string,"username": string | null,"uuid": string
                  }
                  ComputedFields: never
                  Insert: {
                    "address"?: string | null,"address_type"?: string | null,"created_at"?: string,"email"?: string | null,"first_name"?: string | null,"gender"?: Database["public"]['Enums']["gender"] | null,"home_address"?: string | null,"home_address_type"?: string | null,"id"?: never,"last_name"?: string | null,"lat"?: number | null,"lng"?: number | null,"locale"?: string | null,"marketing_agreement"?: boolean,"name"?: string | null,"original_address"?: string | null,"original_lat"?: number | null,"original_lng"?: number | null,"phone": string,"route_number"?: string | null,"sms_permission"?: boolean,"tenant_id": string,"updated_at"?: string,"username"?: string | null,"uuid"?: string
                  }
                  Update: {
                    "address"?: string | null,"address_type"?: string | null,"created_at"?: string,"email"?: string | null,"first_name"?: string | null,"gender"?: Database["public"]['Enums']["gender"] | null,"home_address"?: string | null,"home_address_type"?: string | null,"id"?: never,"last_name"?: string | null,"lat"?: number | null,"lng"?: number | null,"locale"?: string | null,"marketing_agreement"?: boolean,"name"?: string | null,"original_address"?: string | null,"original_lat"?: number | null,"original_lng"?: number | null,"phone"?: string,"route_number"?: string | null,"sms_permission"?: boolean,"tenant_id"?: string,"updated_at"?: string,"username"?: string | null,"uuid"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "customers_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"depos": {
                  Row: {
                    "address": string | null,"address_lat": number | null,"address_lng": number | null,"created_at": string,"customer_axa_id": string | null,"dashboard": boolean,"description": string | null,"id": number,"marketing_sms": string | null,"recepient": string | null,"sms_lead_minutes": number,"sms_route_text": string | null,"sms_subscribe_text": string | null,"sms_text": string | null,"sms_unsubscribe_text": string | null,"sms_update_texts": NonNullable<Json>,"tenant_id": string,"title": string
                  }
                  ComputedFields: never
                  Insert: {
                    "address"?: string | null,"address_lat"?: number | null,"address_lng"?: number | null,"created_at"?: string,"customer_axa_id"?: string | null,"dashboard"?: boolean,"description"?: string | null,"id"?: never,"marketing_sms"?: string | null,"recepient"?: string | null,"sms_lead_minutes"?: number,"sms_route_text"?: string | null,"sms_subscribe_text"?: string | null,"sms_text"?: string | null,"sms_unsubscribe_text"?: string | null,"sms_update_texts"?: NonNullable<Json>,"tenant_id": string,"title": string
                  }
                  Update: {
                    "address"?: string | null,"address_lat"?: number | null,"address_lng"?: number | null,"created_at"?: string,"customer_axa_id"?: string | null,"dashboard"?: boolean,"description"?: string | null,"id"?: never,"marketing_sms"?: string | null,"recepient"?: string | null,"sms_lead_minutes"?: number,"sms_route_text"?: string | null,"sms_subscribe_text"?: string | null,"sms_text"?: string | null,"sms_unsubscribe_text"?: string | null,"sms_update_texts"?: NonNullable<Json>,"tenant_id"?: string,"title"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "depos_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"end_of_day_reports": {
                  Row: {
                    "allocated_mobile_pay": number,"bag_number": string | null,"car_id": number | null,"card": number,"cash": number,"cash_register_id": number | null,"created_at": string,"depo_id": number,"discount_total": number,"edited_allocated_mobile_pay": number | null,"edited_card": number | null,"edited_cash": number | null,"edited_end_bank": number | null,"edited_end_cash": number | null,"edited_end_check": number | null,"edited_end_credit_sales": number | null,"edited_end_customer_sales": number | null,"edited_end_gift_card": number | null,"edited_end_market_sales": number | null,"edited_end_prepaid": number | null,"edited_end_vipps": number | null,"edited_end_vipps_timeout": number | null,"edited_end_voucher": number | null,"edited_invoice": number | null,"edited_local_card_amount": number | null,"edited_misc_gift_card": number | null,"edited_mobile_pay": number | null,"edited_other_card_amount": number | null,"edited_start_cash": number | null,"end_at": string | null,"end_bank": number,"end_cash": number,"end_check": number,"end_credit_sales": number,"end_customer_sales": number,"end_gift_card": number,"end_market_sales": number,"end_prepaid": number,"end_vipps": number,"end_vipps_timeout": number,"end_voucher": number,"final_allocated_mobile_pay": number | null,"final_card": number | null,"final_cash": number | null,"final_end_bank": number | null,"final_end_cash": number | null,"final_end_check": number | null,"final_end_credit_sales": number | null,"final_end_customer_sales": number | null,"final_end_gift_card": number | null,"final_end_market_sales": number | null,"final_end_prepaid": number | null,"final_end_vipps": number | null,"final_end_vipps_timeout": number | null,"final_end_voucher": number | null,"final_invoice": number | null,"final_local_card_amount": number | null,"final_misc_gift_card": number | null,"final_mobile_pay": number | null,"final_other_card_amount": number | null,"final_start_cash": number | null,"final_total": number,"id": number,"invalid": boolean,"invoice": number,"is_approved": boolean | null,"local_card_amount": number,"misc_gift_card": number,"mobile_pay": number,"other_card_amount": number,"plan_event_id": number | null,"processed_by": string | null,"processed_by_at": string | null,"request_key": string | null,"start_at": string | null,"start_cash": number,"status": Database["public"]['Enums']["eod_status"],"stock_transfer_id": number | null,"tenant_id": string,"total": number,"total_miscellaneous": number,"updated_at": string,"user_id": string | null,"wallmob_user_defined": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "allocated_mobile_pay"?: number,"bag_number"?: string | null,"car_id"?: number | null,"card"?: number,"cash"?: number,"cash_register_id"?: number | null,"created_at"?: string,"depo_id": number,"discount_total"?: number,"edited_allocated_mobile_pay"?: number | null,"edited_card"?: number | null,"edited_cash"?: number | null,"edited_end_bank"?: number | null,"edited_end_cash"?: number | null,"edited_end_check"?: number | null,"edited_end_credit_sales"?: number | null,"edited_end_customer_sales"?: number | null,"edited_end_gift_card"?: number | null,"edited_end_market_sales"?: number | null,"edited_end_prepaid"?: number | null,"edited_end_vipps"?: number | null,"edited_end_vipps_timeout"?: number | null,"edited_end_voucher"?: number | null,"edited_invoice"?: number | null,"edited_local_card_amount"?: number | null,"edited_misc_gift_card"?: number | null,"edited_mobile_pay"?: number | null,"edited_other_card_amount"?: number | null,"edited_start_cash"?: number | null,"end_at"?: string | null,"end_bank"?: number,"end_cash"?: number,"end_check"?: number,"end_credit_sales"?: number,"end_customer_sales"?: number,"end_gift_card"?: number,"end_market_sales"?: number,"end_prepaid"?: number,"end_vipps"?: number,"end_vipps_timeout"?: number,"end_voucher"?: number,"final_allocated_mobile_pay"?: never,"final_card"?: never,"final_cash"?: never,"final_end_bank"?: never,"final_end_cash"?: never,"final_end_check"?: never,"final_end_credit_sales"?: never,"final_end_customer_sales"?: never,"final_end_gift_card"?: never,"final_end_market_sales"?: never,"final_end_prepaid"?: never,"final_end_vipps"?: never,"final_end_vipps_timeout"?: never,"final_end_voucher"?: never,"final_invoice"?: never,"final_local_card_amount"?: never,"final_misc_gift_card"?: never,"final_mobile_pay"?: never,"final_other_card_amount"?: never,"final_start_cash"?: never,"final_total"?: number,"id"?: never,"invalid"?: boolean,"invoice"?: number,"is_approved"?: never,"local_card_amount"?: number,"misc_gift_card"?: number,"mobile_pay"?: number,"other_card_amount"?: number,"plan_event_id"?: number | null,"processed_by"?: string | null,"processed_by_at"?: string | null,"request_key"?: string | null,"start_at"?: string | null,"start_cash"?: number,"status"?: Database["public"]['Enums']["eod_status"],"stock_transfer_id"?: number | null,"tenant_id": string,"total"?: number,"total_miscellaneous"?: number,"updated_at"?: string,"user_id"?: string | null,"wallmob_user_defined"?: string | null
                  }
                  Update: {
                    "allocated_mobile_pay"?: number,"bag_number"?: string | null,"car_id"?: number | null,"card"?: number,"cash"?: number,"cash_register_id"?: number | null,"created_at"?: string,"depo_id"?: number,"discount_total"?: number,"edited_allocated_mobile_pay"?: number | null,"edited_card"?: number | null,"edited_cash"?: number | null,"edited_end_bank"?: number | null,"edited_end_cash"?: number | null,"edited_end_check"?: number | null,"edited_end_credit_sales"?: number | null,"edited_end_customer_sales"?: number | null,"edited_end_gift_card"?: number | null,"edited_end_market_sales"?: number | null,"edited_end_prepaid"?: number | null,"edited_end_vipps"?: number | null,"edited_end_vipps_timeout"?: number | null,"edited_end_voucher"?: number | null,"edited_invoice"?: number | null,"edited_local_card_amount"?: number | null,"edited_misc_gift_card"?: number | null,"edited_mobile_pay"?: number | null,"edited_other_card_amount"?: number | null,"edited_start_cash"?: number | null,"end_at"?: string | null,"end_bank"?: number,"end_cash"?: number,"end_check"?: number,"end_credit_sales"?: number,"end_customer_sales"?: number,"end_gift_card"?: number,"end_market_sales"?: number,"end_prepaid"?: number,"end_vipps"?: number,"end_vipps_timeout"?: number,"end_voucher"?: number,"final_allocated_mobile_pay"?: never,"final_card"?: never,"final_cash"?: never,"final_end_bank"?: never,"final_end_cash"?: never,"final_end_check"?: never,"final_end_credit_sales"?: never,"final_end_customer_sales"?: never,"final_end_gift_card"?: never,"final_end_market_sales"?: never,"final_end_prepaid"?: never,"final_end_vipps"?: never,"final_end_vipps_timeout"?: never,"final_end_voucher"?: never,"final_invoice"?: never,"final_local_card_amount"?: never,"final_misc_gift_card"?: never,"final_mobile_pay"?: never,"final_other_card_amount"?: never,"final_start_cash"?: never,"final_total"?: number,"id"?: never,"invalid"?: boolean,"invoice"?: number,"is_approved"?: never,"local_card_amount"?: number,"misc_gift_card"?: number,"mobile_pay"?: number,"other_card_amount"?: number,"plan_event_id"?: number | null,"processed_by"?: string | null,"processed_by_at"?: string | null,"request_key"?: string | null,"start_at"?: string | null,"start_cash"?: number,"status"?: Database["public"]['Enums']["eod_status"],"stock_transfer_id"?: number | null,"tenant_id"?: string,"total"?: number,"total_miscellaneous"?: number,"updated_at"?: string,"user_id"?: string | null,"wallmob_user_defined"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "end_of_day_reports_car_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","car_id"]
isOneToOne: false
      referencedRelation: "cars"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "end_of_day_reports_cash_register_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","cash_register_id"]
isOneToOne: false
      referencedRelation: "cash_registers"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "end_of_day_reports_plan_event_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","plan_event_id"]
isOneToOne: false
      referencedRelation: "plan_events"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "end_of_day_reports_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "end_of_day_reports_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"eod_order_line_items": {
                  Row: {
                    "category_name": string | null,"depo_id": number,"discount": number,"eod_order_id": number,"id": number,"inventory_presence": boolean,"product_name": string,"quantity": number,"stock_transfer_id": number | null,"tenant_id": string,"total_line_amount": number,"wallmob_sku": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "category_name"?: string | null,"depo_id": number,"discount"?: number,"eod_order_id": number,"id"?: never,"inventory_presence"?: boolean,"product_name": string,"quantity": number,"stock_transfer_id"?: number | null,"tenant_id": string,"total_line_amount": number,"wallmob_sku"?: string | null
                  }
                  Update: {
                    "category_name"?: string | null,"depo_id"?: number,"discount"?: number,"eod_order_id"?: number,"id"?: never,"inventory_presence"?: boolean,"product_name"?: string,"quantity"?: number,"stock_transfer_id"?: number | null,"tenant_id"?: string,"total_line_amount"?: number,"wallmob_sku"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "eod_order_line_items_eod_order_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","eod_order_id"]
isOneToOne: false
      referencedRelation: "eod_orders"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "eod_order_line_items_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    }
                  ]
                },"eod_orders": {
                  Row: {
                    "depo_id": number,"end_of_day_report_id": number,"id": number,"plan_event_route_point_id": number | null,"pos_order_id": string | null,"sold_lat": number | null,"sold_lng": number | null,"tenant_id": string,"time": string,"total_discount": number,"total_quantity": number,"total_revenue": number,"wallmob_order_id": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "depo_id": number,"end_of_day_report_id": number,"id"?: never,"plan_event_route_point_id"?: number | null,"pos_order_id"?: string | null,"sold_lat"?: number | null,"sold_lng"?: number | null,"tenant_id": string,"time": string,"total_discount"?: number,"total_quantity"?: number,"total_revenue"?: number,"wallmob_order_id"?: string | null
                  }
                  Update: {
                    "depo_id"?: number,"end_of_day_report_id"?: number,"id"?: never,"plan_event_route_point_id"?: number | null,"pos_order_id"?: string | null,"sold_lat"?: number | null,"sold_lng"?: number | null,"tenant_id"?: string,"time"?: string,"total_discount"?: number,"total_quantity"?: number,"total_revenue"?: number,"wallmob_order_id"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "eod_orders_end_of_day_report_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","end_of_day_report_id"]
isOneToOne: false
      referencedRelation: "end_of_day_reports"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "eod_orders_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    }
                  ]
                },"feedbacks": {
                  Row: {
                    "comment": string | null,"created_at": string,"customer_id": number | null,"customer_phone_number": string | null,"depo_id": number,"handled_by": string | null,"handled_by_at": string | null,"id": number,"manager_comment": string | null,"plan_event_route_point_id": number | null,"positive": boolean,"status": Database["public"]['Enums']["feedback_status"],"tenant_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "comment"?: string | null,"created_at"?: string,"customer_id"?: number | null,"customer_phone_number"?: string | null,"depo_id": number,"handled_by"?: string | null,"handled_by_at"?: string | null,"id"?: never,"manager_comment"?: string | null,"plan_event_route_point_id"?: number | null,"positive": boolean,"status"?: Database["public"]['Enums']["feedback_status"],"tenant_id": string
                  }
                  Update: {
                    "comment"?: string | null,"created_at"?: string,"customer_id"?: number | null,"customer_phone_number"?: string | null,"depo_id"?: number,"handled_by"?: string | null,"handled_by_at"?: string | null,"id"?: never,"manager_comment"?: string | null,"plan_event_route_point_id"?: number | null,"positive"?: boolean,"status"?: Database["public"]['Enums']["feedback_status"],"tenant_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "feedbacks_plan_event_route_point_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","plan_event_route_point_id"]
isOneToOne: false
      referencedRelation: "plan_event_route_points"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "feedbacks_tenant_id_customer_id_fkey"
      columns: ["tenant_id","customer_id"]
isOneToOne: false
      referencedRelation: "customers"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "feedbacks_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "feedbacks_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"manual_counting_document_line_items": {
                  Row: {
                    "depo_id": number,"id": number,"manual_counting_document_id": number,"new_value": number | null,"old_value": number,"product_id": number,"tenant_id": string,"value_changed": boolean | null
                  }
                  ComputedFields: never
                  Insert: {
                    "depo_id": number,"id"?: never,"manual_counting_document_id": number,"new_value"?: number | null,"old_value": number,"product_id": number,"tenant_id": string,"value_changed"?: never
                  }
                  Update: {
                    "depo_id"?: number,"id"?: never,"manual_counting_document_id"?: number,"new_value"?: number | null,"old_value"?: number,"product_id"?: number,"tenant_id"?: string,"value_changed"?: never
                  }
                  Relationships: [
                    {
      foreignKeyName: "manual_counting_document_line_items_manual_counting_document_id"
      columns: ["tenant_id","depo_id","manual_counting_document_id"]
isOneToOne: false
      referencedRelation: "manual_counting_documents"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "manual_counting_document_line_items_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "manual_counting_document_line_items_tenant_id_product_id_fkey"
      columns: ["tenant_id","product_id"]
isOneToOne: false
      referencedRelation: "products"
      referencedColumns: ["tenant_id","id"]
    }
                  ]
                },"manual_counting_documents": {
                  Row: {
                    "approved_at": string | null,"approved_by": string | null,"counted_at": string,"created_at": string,"created_by": string | null,"depo_id": number,"id": number,"request_key": string | null,"status": Database["public"]['Enums']["counting_status"],"stock_transfer_id": number | null,"tenant_id": string,"warehouse_id": number
                  }
                  ComputedFields: never
                  Insert: {
                    "approved_at"?: string | null,"approved_by"?: string | null,"counted_at": string,"created_at"?: string,"created_by"?: string | null,"depo_id": number,"id"?: never,"request_key"?: string | null,"status"?: Database["public"]['Enums']["counting_status"],"stock_transfer_id"?: number | null,"tenant_id": string,"warehouse_id": number
                  }
                  Update: {
                    "approved_at"?: string | null,"approved_by"?: string | null,"counted_at"?: string,"created_at"?: string,"created_by"?: string | null,"depo_id"?: number,"id"?: never,"request_key"?: string | null,"status"?: Database["public"]['Enums']["counting_status"],"stock_transfer_id"?: number | null,"tenant_id"?: string,"warehouse_id"?: number
                  }
                  Relationships: [
                    {
      foreignKeyName: "manual_counting_documents_stock_transfer_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","stock_transfer_id"]
isOneToOne: false
      referencedRelation: "stock_transfers"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "manual_counting_documents_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "manual_counting_documents_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "manual_counting_documents_warehouse_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","warehouse_id"]
isOneToOne: false
      referencedRelation: "warehouses"
      referencedColumns: ["tenant_id","depo_id","id"]
    }
                  ]
                },"membership_depos": {
                  Row: {
                    "depo_id": number,"tenant_id": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "depo_id": number,"tenant_id": string,"user_id": string
                  }
                  Update: {
                    "depo_id"?: number,"tenant_id"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "membership_depos_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "membership_depos_tenant_id_user_id_fkey"
      columns: ["tenant_id","user_id"]
isOneToOne: false
      referencedRelation: "tenant_memberships"
      referencedColumns: ["tenant_id","user_id"]
    }
                  ]
                },"minimum_required_balances": {
                  Row: {
                    "depo_id": number,"id": number,"minimum_for_cars": number,"minimum_for_depo": number,"product_id": number,"tenant_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "depo_id": number,"id"?: never,"minimum_for_cars"?: number,"minimum_for_depo"?: number,"product_id": number,"tenant_id": string
                  }
                  Update: {
                    "depo_id"?: number,"id"?: never,"minimum_for_cars"?: number,"minimum_for_depo"?: number,"product_id"?: number,"tenant_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "minimum_required_balances_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "minimum_required_balances_tenant_id_product_id_fkey"
      columns: ["tenant_id","product_id"]
isOneToOne: false
      referencedRelation: "products"
      referencedColumns: ["tenant_id","id"]
    }
                  ]
                },"plan_event_route_points": {
                  Row: {
                    "actual_arrival_time": string | null,"address": string | null,"arrival_date": string | null,"depo_id": number,"google_estimate_time": string | null,"id": number,"lat": number | null,"lng": number | null,"original_google_estimate_time": string | null,"plan_event_id": number,"point_visited": boolean | null,"position": number,"route_point_id": number | null,"stop_duration": string | null,"tenant_id": string,"uuid": string,"visited_at": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "actual_arrival_time"?: string | null,"address"?: string | null,"arrival_date"?: string | null,"depo_id": number,"google_estimate_time"?: string | null,"id"?: never,"lat"?: number | null,"lng"?: number | null,"original_google_estimate_time"?: string | null,"plan_event_id": number,"point_visited"?: boolean | null,"position": number,"route_point_id"?: number | null,"stop_duration"?: string | null,"tenant_id": string,"uuid"?: string,"visited_at"?: string | null
                  }
                  Update: {
                    "actual_arrival_time"?: string | null,"address"?: string | null,"arrival_date"?: string | null,"depo_id"?: number,"google_estimate_time"?: string | null,"id"?: never,"lat"?: number | null,"lng"?: number | null,"original_google_estimate_time"?: string | null,"plan_event_id"?: number,"point_visited"?: boolean | null,"position"?: number,"route_point_id"?: number | null,"stop_duration"?: string | null,"tenant_id"?: string,"uuid"?: string,"visited_at"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "plan_event_route_points_plan_event_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","plan_event_id"]
isOneToOne: false
      referencedRelation: "plan_events"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "plan_event_route_points_route_point_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","route_point_id"]
isOneToOne: false
      referencedRelation: "route_points"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "plan_event_route_points_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    }
                  ]
                },"plan_event_series": {
                  Row: {
                    "depo_id": number,"end_date": string,"id": number,"recurrence_interval": number,"start_date": string,"tenant_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "depo_id": number,"end_date": string,"id"?: never,"recurrence_interval": number,"start_date": string,"tenant_id": string
                  }
                  Update: {
                    "depo_id"?: number,"end_date"?: string,"id"?: never,"recurrence_interval"?: number,"start_date"?: string,"tenant_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "plan_event_series_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "plan_event_series_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"plan_events": {
                  Row: {
                    "car_id": number,"car_not_moving": boolean,"converted_at": string | null,"converted_by": string | null,"converted_route_id": number | null,"created_at": string,"date": string,"day_span": number,"depo_id": number,"estimated_at": string | null,"estimated_from_position_at": string | null,"id": number,"route_id": number,"series_id": number | null,"sms_stopped_at": string | null,"start_at_hour": number,"start_at_min": number,"started_at": string | null,"tenant_id": string,"trip_finished_at": string | null,"user_id": string,"driven_trail": string | null
                  }
                  ComputedFields: "driven_trail"
                  Insert: {
                    "car_id": number,"car_not_moving"?: boolean,"converted_at"?: string | null,"converted_by"?: string | null,"converted_route_id"?: number | null,"created_at"?: string,"date": string,"day_span"?: number,"depo_id": number,"estimated_at"?: string | null,"estimated_from_position_at"?: string | null,"id"?: never,"route_id": number,"series_id"?: number | null,"sms_stopped_at"?: string | null,"start_at_hour"?: number,"start_at_min"?: number,"started_at"?: string | null,"tenant_id": string,"trip_finished_at"?: string | null,"user_id": string
                  }
                  Update: {
                    "car_id"?: number,"car_not_moving"?: boolean,"converted_at"?: string | null,"converted_by"?: string | null,"converted_route_id"?: number | null,"created_at"?: string,"date"?: string,"day_span"?: number,"depo_id"?: number,"estimated_at"?: string | null,"estimated_from_position_at"?: string | null,"id"?: never,"route_id"?: number,"series_id"?: number | null,"sms_stopped_at"?: string | null,"start_at_hour"?: number,"start_at_min"?: number,"started_at"?: string | null,"tenant_id"?: string,"trip_finished_at"?: string | null,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "plan_events_car_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","car_id"]
isOneToOne: false
      referencedRelation: "cars"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "plan_events_converted_route_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","converted_route_id"]
isOneToOne: false
      referencedRelation: "routes"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "plan_events_route_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","route_id"]
isOneToOne: false
      referencedRelation: "routes"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "plan_events_series_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","series_id"]
isOneToOne: false
      referencedRelation: "plan_event_series"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "plan_events_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "plan_events_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "plan_events_tenant_id_user_id_fkey"
      columns: ["tenant_id","user_id"]
isOneToOne: false
      referencedRelation: "tenant_memberships"
      referencedColumns: ["tenant_id","user_id"]
    }
                  ]
                },"products": {
                  Row: {
                    "b2b_product": boolean,"created_at": string,"description": string,"id": number,"packaging_size": number,"sales_price": number,"sequence_number": number | null,"sku": string,"status": Database["public"]['Enums']["active_status"],"storage_unit": Database["public"]['Enums']["storage_unit"],"tax_amount": number | null,"tax_type": string | null,"tenant_id": string,"volume": number | null,"wallmob_sku": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "b2b_product"?: boolean,"created_at"?: string,"description": string,"id"?: never,"packaging_size"?: number,"sales_price"?: number,"sequence_number"?: number | null,"sku": string,"status"?: Database["public"]['Enums']["active_status"],"storage_unit"?: Database["public"]['Enums']["storage_unit"],"tax_amount"?: number | null,"tax_type"?: string | null,"tenant_id": string,"volume"?: number | null,"wallmob_sku"?: string | null
                  }
                  Update: {
                    "b2b_product"?: boolean,"created_at"?: string,"description"?: string,"id"?: never,"packaging_size"?: number,"sales_price"?: number,"sequence_number"?: number | null,"sku"?: string,"status"?: Database["public"]['Enums']["active_status"],"storage_unit"?: Database["public"]['Enums']["storage_unit"],"tax_amount"?: number | null,"tax_type"?: string | null,"tenant_id"?: string,"volume"?: number | null,"wallmob_sku"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "products_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"route_point_b2b_customers": {
                  Row: {
                    "b2b_customer_id": number,"depo_id": number,"route_point_id": number,"tenant_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "b2b_customer_id": number,"depo_id": number,"route_point_id": number,"tenant_id": string
                  }
                  Update: {
                    "b2b_customer_id"?: number,"depo_id"?: number,"route_point_id"?: number,"tenant_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "route_point_b2b_customers_route_point_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","route_point_id"]
isOneToOne: false
      referencedRelation: "route_points"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "route_point_b2b_customers_tenant_id_b2b_customer_id_fkey"
      columns: ["tenant_id","b2b_customer_id"]
isOneToOne: false
      referencedRelation: "b2b_customers"
      referencedColumns: ["tenant_id","id"]
    }
                  ]
                },"route_points": {
                  Row: {
                    "address": string | null,"arrival_time": string | null,"custom_address": string | null,"deleted_at": string | null,"depo_id": number,"google_estimate_time": string | null,"id": number,"lat": number | null,"lng": number | null,"point_type": string | null,"position": number,"private_comment": string | null,"public_comment": string | null,"route_id": number,"sales_count": number,"separator": boolean,"tenant_id": string,"use_custom_address": boolean,"wait_time": number
                  }
                  ComputedFields: never
                  Insert: {
                    "address"?: string | null,"arrival_time"?: string | null,"custom_address"?: string | null,"deleted_at"?: string | null,"depo_id": number,"google_estimate_time"?: string | null,"id"?: never,"lat"?: number | null,"lng"?: number | null,"point_type"?: string | null,"position": number,"private_comment"?: string | null,"public_comment"?: string | null,"route_id": number,"sales_count"?: number,"separator"?: boolean,"tenant_id": string,"use_custom_address"?: boolean,"wait_time"?: number
                  }
                  Update: {
                    "address"?: string | null,"arrival_time"?: string | null,"custom_address"?: string | null,"deleted_at"?: string | null,"depo_id"?: number,"google_estimate_time"?: string | null,"id"?: never,"lat"?: number | null,"lng"?: number | null,"point_type"?: string | null,"position"?: number,"private_comment"?: string | null,"public_comment"?: string | null,"route_id"?: number,"sales_count"?: number,"separator"?: boolean,"tenant_id"?: string,"use_custom_address"?: boolean,"wait_time"?: number
                  }
                  Relationships: [
                    {
      foreignKeyName: "route_points_route_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","route_id"]
isOneToOne: false
      referencedRelation: "routes"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "route_points_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    }
                  ]
                },"routes": {
                  Row: {
                    "administration_time": number | null,"copy_request_key": string | null,"created_at": string,"deleted_at": string | null,"depo_id": number,"end_address": string | null,"end_lat": number | null,"end_lng": number | null,"eod_administration_time": number | null,"first_stop_arrival_time": string | null,"id": number,"last_stop_arrival_time": string | null,"minimum_efficient_sales_count": number,"name": string,"radius": number | null,"return_to_depo": boolean,"route_duration": number | null,"route_type": string | null,"should_approve": Database["public"]['Enums']["route_approval"],"should_leave_at_time": string | null,"start_address": string | null,"start_lat": number | null,"start_lng": number | null,"tag": string | null,"tenant_id": string,"version": number
                  }
                  ComputedFields: never
                  Insert: {
                    "administration_time"?: number | null,"copy_request_key"?: string | null,"created_at"?: string,"deleted_at"?: string | null,"depo_id": number,"end_address"?: string | null,"end_lat"?: number | null,"end_lng"?: number | null,"eod_administration_time"?: number | null,"first_stop_arrival_time"?: string | null,"id"?: never,"last_stop_arrival_time"?: string | null,"minimum_efficient_sales_count"?: number,"name": string,"radius"?: number | null,"return_to_depo"?: boolean,"route_duration"?: number | null,"route_type"?: string | null,"should_approve"?: Database["public"]['Enums']["route_approval"],"should_leave_at_time"?: string | null,"start_address"?: string | null,"start_lat"?: number | null,"start_lng"?: number | null,"tag"?: string | null,"tenant_id": string,"version"?: number
                  }
                  Update: {
                    "administration_time"?: number | null,"copy_request_key"?: string | null,"created_at"?: string,"deleted_at"?: string | null,"depo_id"?: number,"end_address"?: string | null,"end_lat"?: number | null,"end_lng"?: number | null,"eod_administration_time"?: number | null,"first_stop_arrival_time"?: string | null,"id"?: never,"last_stop_arrival_time"?: string | null,"minimum_efficient_sales_count"?: number,"name"?: string,"radius"?: number | null,"return_to_depo"?: boolean,"route_duration"?: number | null,"route_type"?: string | null,"should_approve"?: Database["public"]['Enums']["route_approval"],"should_leave_at_time"?: string | null,"start_address"?: string | null,"start_lat"?: number | null,"start_lng"?: number | null,"tag"?: string | null,"tenant_id"?: string,"version"?: number
                  }
                  Relationships: [
                    {
      foreignKeyName: "routes_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "routes_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"sms_campaigns": {
                  Row: {
                    "created_at": string,"end_date": string,"id": number,"include_subscribe_info": boolean,"name": string,"start_date": string,"tenant_id": string,"text": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"end_date": string,"id"?: never,"include_subscribe_info"?: boolean,"name": string,"start_date": string,"tenant_id": string,"text": string
                  }
                  Update: {
                    "created_at"?: string,"end_date"?: string,"id"?: never,"include_subscribe_info"?: boolean,"name"?: string,"start_date"?: string,"tenant_id"?: string,"text"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "sms_campaigns_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"sms_outbox": {
                  Row: {
                    "claim_expires_at": string | null,"claim_token": string | null,"created_at": string,"customer_id": number | null,"dedup_key": string,"depo_id": number,"error": string | null,"id": number,"kind": string,"phone": string,"plan_event_id": number | null,"plan_event_route_point_id": number | null,"provider": string | null,"provider_message_id": string | null,"provider_status": string | null,"sent_at": string | null,"sent_by": string | null,"sms_receiver_id": number | null,"status": Database["public"]['Enums']["sms_status"],"status_at": string,"submitted_at": string | null,"tenant_id": string,"text": string
                  }
                  ComputedFields: never
                  Insert: {
                    "claim_expires_at"?: string | null,"claim_token"?: string | null,"created_at"?: string,"customer_id"?: number | null,"dedup_key": string,"depo_id": number,"error"?: string | null,"id"?: never,"kind": string,"phone": string,"plan_event_id"?: number | null,"plan_event_route_point_id"?: number | null,"provider"?: string | null,"provider_message_id"?: string | null,"provider_status"?: string | null,"sent_at"?: string | null,"sent_by"?: string | null,"sms_receiver_id"?: number | null,"status"?: Database["public"]['Enums']["sms_status"],"status_at"?: string,"submitted_at"?: string | null,"tenant_id": string,"text": string
                  }
                  Update: {
                    "claim_expires_at"?: string | null,"claim_token"?: string | null,"created_at"?: string,"customer_id"?: number | null,"dedup_key"?: string,"depo_id"?: number,"error"?: string | null,"id"?: never,"kind"?: string,"phone"?: string,"plan_event_id"?: number | null,"plan_event_route_point_id"?: number | null,"provider"?: string | null,"provider_message_id"?: string | null,"provider_status"?: string | null,"sent_at"?: string | null,"sent_by"?: string | null,"sms_receiver_id"?: number | null,"status"?: Database["public"]['Enums']["sms_status"],"status_at"?: string,"submitted_at"?: string | null,"tenant_id"?: string,"text"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "sms_outbox_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "sms_outbox_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"sms_receivers": {
                  Row: {
                    "created_at": string,"customer_id": number,"depo_id": number,"full_description_of_sms_skip": string | null,"id": number,"plan_event_route_point_id": number,"reason_of_sms_skip": string | null,"renotified_at": string | null,"renotify_should_send_at": string | null,"sms_estimate_at_send": string | null,"sms_queued_at": string | null,"sms_sent_at": string | null,"sms_sent_skipped_at": string | null,"sms_should_send_at": string | null,"sms_stopped_at": string | null,"tenant_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"customer_id": number,"depo_id": number,"full_description_of_sms_skip"?: string | null,"id"?: never,"plan_event_route_point_id": number,"reason_of_sms_skip"?: string | null,"renotified_at"?: string | null,"renotify_should_send_at"?: string | null,"sms_estimate_at_send"?: string | null,"sms_queued_at"?: string | null,"sms_sent_at"?: string | null,"sms_sent_skipped_at"?: string | null,"sms_should_send_at"?: string | null,"sms_stopped_at"?: string | null,"tenant_id": string
                  }
                  Update: {
                    "created_at"?: string,"customer_id"?: number,"depo_id"?: number,"full_description_of_sms_skip"?: string | null,"id"?: never,"plan_event_route_point_id"?: number,"reason_of_sms_skip"?: string | null,"renotified_at"?: string | null,"renotify_should_send_at"?: string | null,"sms_estimate_at_send"?: string | null,"sms_queued_at"?: string | null,"sms_sent_at"?: string | null,"sms_sent_skipped_at"?: string | null,"sms_should_send_at"?: string | null,"sms_stopped_at"?: string | null,"tenant_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "sms_receivers_plan_event_route_point_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","plan_event_route_point_id"]
isOneToOne: false
      referencedRelation: "plan_event_route_points"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "sms_receivers_tenant_id_customer_id_fkey"
      columns: ["tenant_id","customer_id"]
isOneToOne: false
      referencedRelation: "customers"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "sms_receivers_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    }
                  ]
                },"sms_templates": {
                  Row: {
                    "id": number,"name": string,"tenant_id": string,"text": string
                  }
                  ComputedFields: never
                  Insert: {
                    "id"?: never,"name": string,"tenant_id": string,"text": string
                  }
                  Update: {
                    "id"?: never,"name"?: string,"tenant_id"?: string,"text"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "sms_templates_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"staff_profiles": {
                  Row: {
                    "created_at": string,"email": string,"first_name": string,"last_name": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"email": string,"first_name"?: string,"last_name"?: string,"user_id": string
                  }
                  Update: {
                    "created_at"?: string,"email"?: string,"first_name"?: string,"last_name"?: string,"user_id"?: string
                  }
                  Relationships: [
                    
                  ]
                },"stock_order_line_items": {
                  Row: {
                    "amount": number,"depo_id": number,"id": number,"new_amount": number | null,"packaged_amount": number | null,"product_id": number,"received_amount": number | null,"stock_order_id": number,"tenant_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "amount": number,"depo_id": number,"id"?: never,"new_amount"?: number | null,"packaged_amount"?: number | null,"product_id": number,"received_amount"?: number | null,"stock_order_id": number,"tenant_id": string
                  }
                  Update: {
                    "amount"?: number,"depo_id"?: number,"id"?: never,"new_amount"?: number | null,"packaged_amount"?: number | null,"product_id"?: number,"received_amount"?: number | null,"stock_order_id"?: number,"tenant_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "stock_order_line_items_stock_order_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","stock_order_id"]
isOneToOne: false
      referencedRelation: "stock_orders"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "stock_order_line_items_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "stock_order_line_items_tenant_id_product_id_fkey"
      columns: ["tenant_id","product_id"]
isOneToOne: false
      referencedRelation: "products"
      referencedColumns: ["tenant_id","id"]
    }
                  ]
                },"stock_orders": {
                  Row: {
                    "created_at": string,"created_by": string | null,"depo_id": number,"from_warehouse_id": number | null,"id": number,"kind": Database["public"]['Enums']["stock_kind"],"main_storage_message": string | null,"ordered_at": string,"reason": string | null,"status": Database["public"]['Enums']["stock_order_status"],"stock_transfer_id": number | null,"tenant_id": string,"to_depo_id": number | null,"to_warehouse_id": number | null
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"created_by"?: string | null,"depo_id": number,"from_warehouse_id"?: number | null,"id"?: never,"kind"?: Database["public"]['Enums']["stock_kind"],"main_storage_message"?: string | null,"ordered_at"?: string,"reason"?: string | null,"status"?: Database["public"]['Enums']["stock_order_status"],"stock_transfer_id"?: number | null,"tenant_id": string,"to_depo_id"?: number | null,"to_warehouse_id"?: number | null
                  }
                  Update: {
                    "created_at"?: string,"created_by"?: string | null,"depo_id"?: number,"from_warehouse_id"?: number | null,"id"?: never,"kind"?: Database["public"]['Enums']["stock_kind"],"main_storage_message"?: string | null,"ordered_at"?: string,"reason"?: string | null,"status"?: Database["public"]['Enums']["stock_order_status"],"stock_transfer_id"?: number | null,"tenant_id"?: string,"to_depo_id"?: number | null,"to_warehouse_id"?: number | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "stock_orders_from_warehouse_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","from_warehouse_id"]
isOneToOne: false
      referencedRelation: "warehouses"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "stock_orders_stock_transfer_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","stock_transfer_id"]
isOneToOne: false
      referencedRelation: "stock_transfers"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "stock_orders_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "stock_orders_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "stock_orders_tenant_id_to_depo_id_fkey"
      columns: ["tenant_id","to_depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "stock_orders_to_warehouse_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","to_warehouse_id"]
isOneToOne: false
      referencedRelation: "warehouses"
      referencedColumns: ["tenant_id","depo_id","id"]
    }
                  ]
                },"stock_transfer_line_items": {
                  Row: {
                    "amount": number,"depo_id": number,"id": number,"packaged_amount": number | null,"product_id": number,"stock_transfer_id": number,"tenant_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "amount": number,"depo_id": number,"id"?: never,"packaged_amount"?: number | null,"product_id": number,"stock_transfer_id": number,"tenant_id": string
                  }
                  Update: {
                    "amount"?: number,"depo_id"?: number,"id"?: never,"packaged_amount"?: number | null,"product_id"?: number,"stock_transfer_id"?: number,"tenant_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "stock_transfer_line_items_stock_transfer_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","stock_transfer_id"]
isOneToOne: false
      referencedRelation: "stock_transfers"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "stock_transfer_line_items_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "stock_transfer_line_items_tenant_id_product_id_fkey"
      columns: ["tenant_id","product_id"]
isOneToOne: false
      referencedRelation: "products"
      referencedColumns: ["tenant_id","id"]
    }
                  ]
                },"stock_transfers": {
                  Row: {
                    "created_at": string,"created_by": string | null,"depo_id": number,"description": string | null,"from_warehouse_id": number | null,"id": number,"kind": Database["public"]['Enums']["stock_kind"],"main_storage_message": string | null,"stock_order_id": number | null,"tenant_id": string,"to_warehouse_id": number | null,"transfered_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"created_by"?: string | null,"depo_id": number,"description"?: string | null,"from_warehouse_id"?: number | null,"id"?: never,"kind"?: Database["public"]['Enums']["stock_kind"],"main_storage_message"?: string | null,"stock_order_id"?: number | null,"tenant_id": string,"to_warehouse_id"?: number | null,"transfered_at"?: string
                  }
                  Update: {
                    "created_at"?: string,"created_by"?: string | null,"depo_id"?: number,"description"?: string | null,"from_warehouse_id"?: number | null,"id"?: never,"kind"?: Database["public"]['Enums']["stock_kind"],"main_storage_message"?: string | null,"stock_order_id"?: number | null,"tenant_id"?: string,"to_warehouse_id"?: number | null,"transfered_at"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "stock_transfers_from_warehouse_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","from_warehouse_id"]
isOneToOne: false
      referencedRelation: "warehouses"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "stock_transfers_stock_order_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","stock_order_id"]
isOneToOne: false
      referencedRelation: "stock_orders"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "stock_transfers_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "stock_transfers_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "stock_transfers_to_warehouse_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","to_warehouse_id"]
isOneToOne: false
      referencedRelation: "warehouses"
      referencedColumns: ["tenant_id","depo_id","id"]
    }
                  ]
                },"stop_subscriptions": {
                  Row: {
                    "customer_id": number,"depo_id": number,"id": number,"route_point_id": number,"subscribed_at": string,"tenant_id": string,"unsubscribed_at": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "customer_id": number,"depo_id": number,"id"?: never,"route_point_id": number,"subscribed_at"?: string,"tenant_id": string,"unsubscribed_at"?: string | null
                  }
                  Update: {
                    "customer_id"?: number,"depo_id"?: number,"id"?: never,"route_point_id"?: number,"subscribed_at"?: string,"tenant_id"?: string,"unsubscribed_at"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "stop_subscriptions_route_point_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","route_point_id"]
isOneToOne: false
      referencedRelation: "route_points"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "stop_subscriptions_tenant_id_customer_id_fkey"
      columns: ["tenant_id","customer_id"]
isOneToOne: false
      referencedRelation: "customers"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "stop_subscriptions_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"stop_types": {
                  Row: {
                    "id": number,"stop_type": string,"tenant_id": string,"wait_time": number
                  }
                  ComputedFields: never
                  Insert: {
                    "id"?: never,"stop_type": string,"tenant_id": string,"wait_time"?: number
                  }
                  Update: {
                    "id"?: never,"stop_type"?: string,"tenant_id"?: string,"wait_time"?: number
                  }
                  Relationships: [
                    {
      foreignKeyName: "stop_types_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"tenant_memberships": {
                  Row: {
                    "axapta_code": string | null,"created_at": string,"franchise_driver": boolean,"lakrids_driver_id": string | null,"lakrids_driver_name": string | null,"role": Database["public"]['Enums']["app_role"],"status": Database["public"]['Enums']["active_status"],"tenant_id": string,"user_id": string,"wallmob_id": string | null,"wallmob_name": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "axapta_code"?: string | null,"created_at"?: string,"franchise_driver"?: boolean,"lakrids_driver_id"?: string | null,"lakrids_driver_name"?: string | null,"role": Database["public"]['Enums']["app_role"],"status"?: Database["public"]['Enums']["active_status"],"tenant_id": string,"user_id": string,"wallmob_id"?: string | null,"wallmob_name"?: string | null
                  }
                  Update: {
                    "axapta_code"?: string | null,"created_at"?: string,"franchise_driver"?: boolean,"lakrids_driver_id"?: string | null,"lakrids_driver_name"?: string | null,"role"?: Database["public"]['Enums']["app_role"],"status"?: Database["public"]['Enums']["active_status"],"tenant_id"?: string,"user_id"?: string,"wallmob_id"?: string | null,"wallmob_name"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "tenant_memberships_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"tenants": {
                  Row: {
                    "address_provider": string,"brand_accent_color": string | null,"brand_homepage_url": string | null,"brand_logo_url": string | null,"brand_primary_color": string | null,"can_delete_approved_eod": boolean,"can_edit_b2b_customers": boolean,"country_code": string | null,"created_at": string,"currency": string,"date_format": string,"has_b2b_products": boolean,"has_consent_filter": boolean,"has_erp_warehouse_id": boolean,"has_fast_map": boolean,"has_lakrids": boolean,"has_marketing_sms": boolean,"has_wallmob": boolean,"has_write_off_export": boolean,"hides_customer_route_number": boolean,"id": string,"is_public": boolean,"locale": string,"map_center_lat": number,"map_center_lng": number,"map_zoom": number,"name": string,"phone_prefix": string | null,"pos_provider": string,"prints_calendar_without_revenue": boolean,"public_language": string,"public_segment": string | null,"route_detour_factor": number,"route_estimator": string,"shows_eod_sales_export": boolean,"slug": string,"sms_daily_budget": number,"sms_destination_countries": (string)[] | null,"time_zone": string,"uses_ice_cream_eod_layout": boolean,"write_off_without_to_warehouse": boolean
                  }
                  ComputedFields: never
                  Insert: {
                    "address_provider"?: string,"brand_accent_color"?: string | null,"brand_homepage_url"?: string | null,"brand_logo_url"?: string | null,"brand_primary_color"?: string | null,"can_delete_approved_eod"?: boolean,"can_edit_b2b_customers"?: boolean,"country_code"?: string | null,"created_at"?: string,"currency"?: string,"date_format"?: string,"has_b2b_products"?: boolean,"has_consent_filter"?: boolean,"has_erp_warehouse_id"?: boolean,"has_fast_map"?: boolean,"has_lakrids"?: boolean,"has_marketing_sms"?: boolean,"has_wallmob"?: boolean,"has_write_off_export"?: boolean,"hides_customer_route_number"?: boolean,"id"?: string,"is_public"?: boolean,"locale"?: string,"map_center_lat"?: number,"map_center_lng"?: number,"map_zoom"?: number,"name": string,"phone_prefix"?: string | null,"pos_provider"?: string,"prints_calendar_without_revenue"?: boolean,"public_language"?: string,"public_segment"?: string | null,"route_detour_factor"?: number,"route_estimator"?: string,"shows_eod_sales_export"?: boolean,"slug": string,"sms_daily_budget"?: number,"sms_destination_countries"?: (string)[] | null,"time_zone"?: string,"uses_ice_cream_eod_layout"?: boolean,"write_off_without_to_warehouse"?: boolean
                  }
                  Update: {
                    "address_provider"?: string,"brand_accent_color"?: string | null,"brand_homepage_url"?: string | null,"brand_logo_url"?: string | null,"brand_primary_color"?: string | null,"can_delete_approved_eod"?: boolean,"can_edit_b2b_customers"?: boolean,"country_code"?: string | null,"created_at"?: string,"currency"?: string,"date_format"?: string,"has_b2b_products"?: boolean,"has_consent_filter"?: boolean,"has_erp_warehouse_id"?: boolean,"has_fast_map"?: boolean,"has_lakrids"?: boolean,"has_marketing_sms"?: boolean,"has_wallmob"?: boolean,"has_write_off_export"?: boolean,"hides_customer_route_number"?: boolean,"id"?: string,"is_public"?: boolean,"locale"?: string,"map_center_lat"?: number,"map_center_lng"?: number,"map_zoom"?: number,"name"?: string,"phone_prefix"?: string | null,"pos_provider"?: string,"prints_calendar_without_revenue"?: boolean,"public_language"?: string,"public_segment"?: string | null,"route_detour_factor"?: number,"route_estimator"?: string,"shows_eod_sales_export"?: boolean,"slug"?: string,"sms_daily_budget"?: number,"sms_destination_countries"?: (string)[] | null,"time_zone"?: string,"uses_ice_cream_eod_layout"?: boolean,"write_off_without_to_warehouse"?: boolean
                  }
                  Relationships: [
                    
                  ]
                },"user_http_requests": {
                  Row: {
                    "action": string,"controller": string,"format": string,"id": number,"method": string,"params": NonNullable<Json>,"performed_at": string,"referer": string | null,"status": number,"tenant_id": string,"url": string,"user_id": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "action": string,"controller": string,"format"?: string,"id"?: never,"method": string,"params"?: NonNullable<Json>,"performed_at"?: string,"referer"?: string | null,"status": number,"tenant_id": string,"url": string,"user_id"?: string | null
                  }
                  Update: {
                    "action"?: string,"controller"?: string,"format"?: string,"id"?: never,"method"?: string,"params"?: NonNullable<Json>,"performed_at"?: string,"referer"?: string | null,"status"?: number,"tenant_id"?: string,"url"?: string,"user_id"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "user_http_requests_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"wallmob_customers": {
                  Row: {
                    "created_at": string,"id": number,"number": string,"tenant_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"id"?: never,"number": string,"tenant_id": string
                  }
                  Update: {
                    "created_at"?: string,"id"?: never,"number"?: string,"tenant_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "wallmob_customers_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"wallmob_products": {
                  Row: {
                    "created_at": string,"id": number,"number": string,"tenant_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"id"?: never,"number": string,"tenant_id": string
                  }
                  Update: {
                    "created_at"?: string,"id"?: never,"number"?: string,"tenant_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "wallmob_products_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"warehouse_product_balances": {
                  Row: {
                    "balance_amount": number,"depo_id": number,"future_inventory_date": string | null,"future_inventory_quantity": number | null,"id": number,"product_id": number,"tenant_id": string,"warehouse_id": number
                  }
                  ComputedFields: never
                  Insert: {
                    "balance_amount"?: number,"depo_id": number,"future_inventory_date"?: string | null,"future_inventory_quantity"?: number | null,"id"?: never,"product_id": number,"tenant_id": string,"warehouse_id": number
                  }
                  Update: {
                    "balance_amount"?: number,"depo_id"?: number,"future_inventory_date"?: string | null,"future_inventory_quantity"?: number | null,"id"?: never,"product_id"?: number,"tenant_id"?: string,"warehouse_id"?: number
                  }
                  Relationships: [
                    {
      foreignKeyName: "warehouse_product_balances_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "warehouse_product_balances_tenant_id_product_id_fkey"
      columns: ["tenant_id","product_id"]
isOneToOne: false
      referencedRelation: "products"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "warehouse_product_balances_warehouse_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","warehouse_id"]
isOneToOne: false
      referencedRelation: "warehouses"
      referencedColumns: ["tenant_id","depo_id","id"]
    }
                  ]
                },"warehouses": {
                  Row: {
                    "axapta_id": string | null,"code": string,"created_at": string,"depo_id": number,"id": number,"name": string,"owner_car_id": number | null,"owner_type": Database["public"]['Enums']["warehouse_owner_type"],"primary": boolean,"tenant_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "axapta_id"?: string | null,"code": string,"created_at"?: string,"depo_id": number,"id"?: never,"name": string,"owner_car_id"?: number | null,"owner_type": Database["public"]['Enums']["warehouse_owner_type"],"primary"?: boolean,"tenant_id": string
                  }
                  Update: {
                    "axapta_id"?: string | null,"code"?: string,"created_at"?: string,"depo_id"?: number,"id"?: never,"name"?: string,"owner_car_id"?: number | null,"owner_type"?: Database["public"]['Enums']["warehouse_owner_type"],"primary"?: boolean,"tenant_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "warehouses_owner_car_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","owner_car_id"]
isOneToOne: false
      referencedRelation: "cars"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "warehouses_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "warehouses_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"webshop_order_line_items": {
                  Row: {
                    "created_at": string,"depo_id": number,"id": number,"price": number,"product_description": string | null,"product_sku": string,"quantity": number,"tenant_id": string,"webshop_order_id": number
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"depo_id": number,"id"?: never,"price"?: number,"product_description"?: string | null,"product_sku": string,"quantity": number,"tenant_id": string,"webshop_order_id": number
                  }
                  Update: {
                    "created_at"?: string,"depo_id"?: number,"id"?: never,"price"?: number,"product_description"?: string | null,"product_sku"?: string,"quantity"?: number,"tenant_id"?: string,"webshop_order_id"?: number
                  }
                  Relationships: [
                    {
      foreignKeyName: "webshop_order_line_items_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "webshop_order_line_items_webshop_order_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","webshop_order_id"]
isOneToOne: false
      referencedRelation: "webshop_orders"
      referencedColumns: ["tenant_id","depo_id","id"]
    }
                  ]
                },"webshop_order_versions": {
                  Row: {
                    "created_at": string,"depo_id": number,"id": number,"serialized_object": NonNullable<Json>,"tenant_id": string,"user_id": string | null,"webshop_order_id": number
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"depo_id": number,"id"?: never,"serialized_object": NonNullable<Json>,"tenant_id": string,"user_id"?: string | null,"webshop_order_id": number
                  }
                  Update: {
                    "created_at"?: string,"depo_id"?: number,"id"?: never,"serialized_object"?: NonNullable<Json>,"tenant_id"?: string,"user_id"?: string | null,"webshop_order_id"?: number
                  }
                  Relationships: [
                    {
      foreignKeyName: "webshop_order_versions_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "webshop_order_versions_webshop_order_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","webshop_order_id"]
isOneToOne: false
      referencedRelation: "webshop_orders"
      referencedColumns: ["tenant_id","depo_id","id"]
    }
                  ]
                },"webshop_orders": {
                  Row: {
                    "additional_driving_distance": number | null,"additional_driving_time": number | null,"call_me": boolean,"cash_customer": boolean | null,"comment": string | null,"comment_for_order": string | null,"created_at": string,"customer_address": string | null,"customer_name": string | null,"customer_number": string | null,"customer_phone": string | null,"delivery_date": string,"delivery_surcharge": number | null,"delivery_time": string | null,"depo_id": number,"eshop_id": string | null,"external_id": string | null,"fast_delivery": boolean,"id": number,"kind": Database["public"]['Enums']["webshop_order_kind"],"lat": number | null,"lng": number | null,"origin": string | null,"payment_type": string | null,"plan_event_route_point_id": number | null,"printed_at": string | null,"route_id": number | null,"status": Database["public"]['Enums']["order_status"],"tenant_id": string,"total": number,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "additional_driving_distance"?: number | null,"additional_driving_time"?: number | null,"call_me"?: boolean,"cash_customer"?: boolean | null,"comment"?: string | null,"comment_for_order"?: string | null,"created_at"?: string,"customer_address"?: string | null,"customer_name"?: string | null,"customer_number"?: string | null,"customer_phone"?: string | null,"delivery_date": string,"delivery_surcharge"?: number | null,"delivery_time"?: string | null,"depo_id": number,"eshop_id"?: string | null,"external_id"?: string | null,"fast_delivery"?: boolean,"id"?: never,"kind"?: Database["public"]['Enums']["webshop_order_kind"],"lat"?: number | null,"lng"?: number | null,"origin"?: string | null,"payment_type"?: string | null,"plan_event_route_point_id"?: number | null,"printed_at"?: string | null,"route_id"?: number | null,"status"?: Database["public"]['Enums']["order_status"],"tenant_id": string,"total"?: number,"updated_at"?: string
                  }
                  Update: {
                    "additional_driving_distance"?: number | null,"additional_driving_time"?: number | null,"call_me"?: boolean,"cash_customer"?: boolean | null,"comment"?: string | null,"comment_for_order"?: string | null,"created_at"?: string,"customer_address"?: string | null,"customer_name"?: string | null,"customer_number"?: string | null,"customer_phone"?: string | null,"delivery_date"?: string,"delivery_surcharge"?: number | null,"delivery_time"?: string | null,"depo_id"?: number,"eshop_id"?: string | null,"external_id"?: string | null,"fast_delivery"?: boolean,"id"?: never,"kind"?: Database["public"]['Enums']["webshop_order_kind"],"lat"?: number | null,"lng"?: number | null,"origin"?: string | null,"payment_type"?: string | null,"plan_event_route_point_id"?: number | null,"printed_at"?: string | null,"route_id"?: number | null,"status"?: Database["public"]['Enums']["order_status"],"tenant_id"?: string,"total"?: number,"updated_at"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "webshop_orders_plan_event_route_point_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","plan_event_route_point_id"]
isOneToOne: false
      referencedRelation: "plan_event_route_points"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "webshop_orders_route_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","route_id"]
isOneToOne: false
      referencedRelation: "routes"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "webshop_orders_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "webshop_orders_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                }
          }
          Views: {
            "eod_report_line_items": {
                  Row: {
                    "category_name": string | null,"depo_id": number,"discount": number,"end_of_day_report_id": number,"eod_order_id": number,"id": number,"inventory_presence": boolean,"product_name": string,"quantity": number,"stock_transfer_id": number | null,"tenant_id": string,"total_line_amount": number,"wallmob_sku": string | null
                  }
                  ComputedFields: never
                  Relationships: [
                    {
      foreignKeyName: "eod_order_line_items_eod_order_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","eod_order_id"]
isOneToOne: false
      referencedRelation: "eod_orders"
      referencedColumns: ["tenant_id","depo_id","id"]
    },{
      foreignKeyName: "eod_order_line_items_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    }
                  ]
                },"feedback_list": {
                  Row: {
                    "actual_arrival_time": string | null,"comment": string | null,"created_at": string,"customer_phone_number": string | null,"depo_id": number,"driver_id": string | null,"driver_name": string | null,"handled_by": string | null,"handled_by_at": string | null,"handled_by_full_name": string | null,"id": number,"manager_comment": string | null,"planned_arrival_time": string | null,"positive": boolean,"route_id": number | null,"route_name": string | null,"status": Database["public"]['Enums']["feedback_status"],"stop_duration_seconds": number | null,"tenant_id": string
                  }
                  ComputedFields: never
                  Relationships: [
                    {
      foreignKeyName: "feedbacks_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "feedbacks_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"webshop_order_changelog": {
                  Row: {
                    "comment": string | null,"created_at": string,"delivery_date": string | null,"depo_id": number,"id": number,"recorded_depo_id": number | null,"recorded_depo_title": string | null,"route_id": number | null,"route_name": string | null,"status": string | null,"stop_address": string | null,"stop_id": number | null,"stop_position": number | null,"tenant_id": string,"user_full_name": string | null,"user_id": string | null,"webshop_order_id": number
                  }
                  ComputedFields: never
                  Relationships: [
                    {
      foreignKeyName: "webshop_order_versions_tenant_id_depo_id_fkey"
      columns: ["tenant_id","depo_id"]
isOneToOne: false
      referencedRelation: "depos"
      referencedColumns: ["tenant_id","id"]
    },{
      foreignKeyName: "webshop_order_versions_webshop_order_id_same_depo_fkey"
      columns: ["tenant_id","depo_id","webshop_order_id"]
isOneToOne: false
      referencedRelation: "webshop_orders"
      referencedColumns: ["tenant_id","depo_id","id"]
    }
                  ]
                }
          }
          Functions: {
            "add_b2b_customer_to_route_point":
{ Args: { "b2b_customer_id": number,"route_point_id": number }; Returns: Json
                           },
"approve_end_of_day_report":
{ Args: { "p_report_id": number }; Returns: {
              "allocated_mobile_pay": number,
"bag_number": string | null,
"car_id": number | null,
"card": number,
"cash": number,
"cash_register_id": number | null,
"created_at": string,
"depo_id": number,
"discount_total": number,
"edited_allocated_mobile_pay": number | null,
"edited_card": number | null,
"edited_cash": number | null,
"edited_end_bank": number | null,
"edited_end_cash": number | null,
"edited_end_check": number | null,
"edited_end_credit_sales": number | null,
"edited_end_customer_sales": number | null,
"edited_end_gift_card": number | null,
"edited_end_market_sales": number | null,
"edited_end_prepaid": number | null,
"edited_end_vipps": number | null,
"edited_end_vipps_timeout": number | null,
"edited_end_voucher": number | null,
"edited_invoice": number | null,
"edited_local_card_amount": number | null,
"edited_misc_gift_card": number | null,
"edited_mobile_pay": number | null,
"edited_other_card_amount": number | null,
"edited_start_cash": number | null,
"end_at": string | null,
"end_bank": number,
"end_cash": number,
"end_check": number,
"end_credit_sales": number,
"end_customer_sales": number,
"end_gift_card": number,
"end_market_sales": number,
"end_prepaid": number,
"end_vipps": number,
"end_vipps_timeout": number,
"end_voucher": number,
"final_allocated_mobile_pay": number | null,
"final_card": number | null,
"final_cash": number | null,
"final_end_bank": number | null,
"final_end_cash": number | null,
"final_end_check": number | null,
"final_end_credit_sales": number | null,
"final_end_customer_sales": number | null,
"final_end_gift_card": number | null,
"final_end_market_sales": number | null,
"final_end_prepaid": number | null,
"final_end_vipps": number | null,
"final_end_vipps_timeout": number | null,
"final_end_voucher": number | null,
"final_invoice": number | null,
"final_local_card_amount": number | null,
"final_misc_gift_card": number | null,
"final_mobile_pay": number | null,
"final_other_card_amount": number | null,
"final_start_cash": number | null,
"final_total": number,
"id": number,
"invalid": boolean,
"invoice": number,
"is_approved": boolean | null,
"local_card_amount": number,
"misc_gift_card": number,
"mobile_pay": number,
"other_card_amount": number,
"plan_event_id": number | null,
"processed_by": string | null,
"processed_by_at": string | null,
"request_key": string | null,
"start_at": string | null,
"start_cash": number,
"status": Database["public"]['Enums']["eod_status"],
"stock_transfer_id": number | null,
"tenant_id": string,
"total": number,
"total_miscellaneous": number,
"updated_at": string,
"user_id": string | null,
"wallmob_user_defined": string | null
            }
                          SetofOptions: {
        from: "*"
        to: "end_of_day_reports"
        isOneToOne: true
        isSetofReturn: false
      } },
"approve_manual_counting_document":
{ Args: { "p_document_id": number }; Returns: undefined
                           },
"approve_route":
{ Args: { "route_id": number }; Returns: {
              "administration_time": number | null,
"copy_request_key": string | null,
"created_at": string,
"deleted_at": string | null,
"depo_id": number,
"end_address": string | null,
"end_lat": number | null,
"end_lng": number | null,
"eod_administration_time": number | null,
"first_stop_arrival_time": string | null,
"id": number,
"last_stop_arrival_time": string | null,
"minimum_efficient_sales_count": number,
"name": string,
"radius": number | null,
"return_to_depo": boolean,
"route_duration": number | null,
"route_type": string | null,
"should_approve": Database["public"]['Enums']["route_approval"],
"should_leave_at_time": string | null,
"start_address": string | null,
"start_lat": number | null,
"start_lng": number | null,
"tag": string | null,
"tenant_id": string,
"version": number
            }
                          SetofOptions: {
        from: "*"
        to: "routes"
        isOneToOne: true
        isSetofReturn: false
      } },
"approve_stock_order":
{ Args: { "p_order_id": number,"p_request_key"?: string }; Returns: number
                           },
"approve_unmapped_end_of_day_report":
{ Args: { "p_car_id": number,"p_date": string,"p_report_id": number,"p_route_id": number,"p_user_id": string }; Returns: Json
                           },
"audit_function_call":
{ Args: { "p_action": string,"p_controller": string,"p_method": string,"p_params": Json,"p_referer"?: string,"p_status": number,"p_tenant_id": string,"p_url": string,"p_user_id"?: string }; Returns: number
                           },
"b2b_customer_picker":
{ Args: { "p_text": string }; Returns: {
              "customer_name": string,"id": number,"shop_id": string
            }[]
                           },
"b2b_customer_status_sizes":
{ Args: { "p_depo_id"?: number,"p_search_phrase"?: string,"p_status"?: string,"p_tenant_id": string }; Returns: {
              "all_count": number,"in_calendar_count": number,"in_route_count": number,"not_in_calendar_count": number,"not_in_route_count": number
            }[]
                           },
"b2b_customers_export_count":
{ Args: { "p_depo_id"?: number,"p_search_phrase"?: string,"p_status"?: string,"p_tab"?: string,"p_tenant_id": string }; Returns: number
                           },
"b2b_customers_export_page":
{ Args: { "p_after_id"?: number,"p_after_name"?: string,"p_depo_id"?: number,"p_limit"?: number,"p_search_phrase"?: string,"p_status"?: string,"p_tab"?: string,"p_tenant_id": string }; Returns: {
              "address": string,"customer_name": string,"customer_number": string,"depos": (string)[],"id": number,"next_visit_dates": (string)[],"phone": string,"routes": (string)[],"segmentation": string,"shop_id": string,"zip_code": string
            }[]
                           },
"b2b_customers_page":
{ Args: { "p_depo_id"?: number,"p_page"?: number,"p_search_phrase"?: string,"p_status"?: string,"p_tab"?: string,"p_tenant_id": string }; Returns: {
              "address": string,"customer_name": string,"customer_name_2": string,"customer_number": string,"depo_ids": (number)[],"depo_titles": (string)[],"email": string,"id": number,"in_calendar": boolean,"in_route": boolean,"next_visit_dates": (string)[],"notes_about_customer": string,"notes_to_customer": string,"opening_week": number,"payment_method": string,"payment_term": string,"phone": string,"phone_2": string,"route_names": (string)[],"sales_consultant": string,"sales_district_name": string,"season": string,"segmentation": string,"shop_close_at": string,"shop_id": string,"shop_open_at": string,"status": Database["public"]['Enums']["active_status"],"zip_code": string
            }[]
                           },
"begin_gps_sync_tick":
{ Args: { "p_max_seconds"?: number,"p_run_id": string }; Returns: boolean
                           },
"can_change_user_identity":
{ Args: { "target": string }; Returns: boolean
                           },
"change_webshop_order_route":
{ Args: { "p_first_stop"?: boolean,"p_order_id": number,"p_plan_event_id": number,"p_point_id": number }; Returns: {
              "delivery_date": string,"delivery_time": string,"id": number,"plan_event_route_point_id": number,"route_id": number
            }[]
                           },
"claim_arrival_estimates":
{ Args: { "p_limit"?: number,"p_plan_event_id"?: number }; Returns: Json
                           },
"cleanup_webshop_orders":
{ Args: { "p_depo_id": number,"p_end_date": string,"p_start_date": string }; Returns: number
                           },
"confirm_public_subscription":
{ Args: { "client_ip": string,"code": string,"request_id": string,"site": string }; Returns: {
              "customer_uuid": string,"outcome": string
            }[]
                           },
"convert_to_route":
{ Args: { "plan_event_id": number,"with_unvisited_stops"?: boolean }; Returns: {
              "administration_time": number | null,
"copy_request_key": string | null,
"created_at": string,
"deleted_at": string | null,
"depo_id": number,
"end_address": string | null,
"end_lat": number | null,
"end_lng": number | null,
"eod_administration_time": number | null,
"first_stop_arrival_time": string | null,
"id": number,
"last_stop_arrival_time": string | null,
"minimum_efficient_sales_count": number,
"name": string,
"radius": number | null,
"return_to_depo": boolean,
"route_duration": number | null,
"route_type": string | null,
"should_approve": Database["public"]['Enums']["route_approval"],
"should_leave_at_time": string | null,
"start_address": string | null,
"start_lat": number | null,
"start_lng": number | null,
"tag": string | null,
"tenant_id": string,
"version": number
            }
                          SetofOptions: {
        from: "*"
        to: "routes"
        isOneToOne: true
        isSetofReturn: false
      } },
"copy_route":
{ Args: { "new_depo_id": number,"request_key"?: string,"reverse"?: boolean,"route_id": number }; Returns: {
              "administration_time": number | null,
"copy_request_key": string | null,
"created_at": string,
"deleted_at": string | null,
"depo_id": number,
"end_address": string | null,
"end_lat": number | null,
"end_lng": number | null,
"eod_administration_time": number | null,
"first_stop_arrival_time": string | null,
"id": number,
"last_stop_arrival_time": string | null,
"minimum_efficient_sales_count": number,
"name": string,
"radius": number | null,
"return_to_depo": boolean,
"route_duration": number | null,
"route_type": string | null,
"should_approve": Database["public"]['Enums']["route_approval"],
"should_leave_at_time": string | null,
"start_address": string | null,
"start_lat": number | null,
"start_lng": number | null,
"tag": string | null,
"tenant_id": string,
"version": number
            }
                          SetofOptions: {
        from: "*"
        to: "routes"
        isOneToOne: true
        isSetofReturn: false
      } },
"create_end_of_day_report":
{ Args: { "p_cash_register_id": number,"p_plan_event_id": number,"p_request_key"?: string }; Returns: {
              "allocated_mobile_pay": number,
"bag_number": string | null,
"car_id": number | null,
"card": number,
"cash": number,
"cash_register_id": number | null,
"created_at": string,
"depo_id": number,
"discount_total": number,
"edited_allocated_mobile_pay": number | null,
"edited_card": number | null,
"edited_cash": number | null,
"edited_end_bank": number | null,
"edited_end_cash": number | null,
"edited_end_check": number | null,
"edited_end_credit_sales": number | null,
"edited_end_customer_sales": number | null,
"edited_end_gift_card": number | null,
"edited_end_market_sales": number | null,
"edited_end_prepaid": number | null,
"edited_end_vipps": number | null,
"edited_end_vipps_timeout": number | null,
"edited_end_voucher": number | null,
"edited_invoice": number | null,
"edited_local_card_amount": number | null,
"edited_misc_gift_card": number | null,
"edited_mobile_pay": number | null,
"edited_other_card_amount": number | null,
"edited_start_cash": number | null,
"end_at": string | null,
"end_bank": number,
"end_cash": number,
"end_check": number,
"end_credit_sales": number,
"end_customer_sales": number,
"end_gift_card": number,
"end_market_sales": number,
"end_prepaid": number,
"end_vipps": number,
"end_vipps_timeout": number,
"end_voucher": number,
"final_allocated_mobile_pay": number | null,
"final_card": number | null,
"final_cash": number | null,
"final_end_bank": number | null,
"final_end_cash": number | null,
"final_end_check": number | null,
"final_end_credit_sales": number | null,
"final_end_customer_sales": number | null,
"final_end_gift_card": number | null,
"final_end_market_sales": number | null,
"final_end_prepaid": number | null,
"final_end_vipps": number | null,
"final_end_vipps_timeout": number | null,
"final_end_voucher": number | null,
"final_invoice": number | null,
"final_local_card_amount": number | null,
"final_misc_gift_card": number | null,
"final_mobile_pay": number | null,
"final_other_card_amount": number | null,
"final_start_cash": number | null,
"final_total": number,
"id": number,
"invalid": boolean,
"invoice": number,
"is_approved": boolean | null,
"local_card_amount": number,
"misc_gift_card": number,
"mobile_pay": number,
"other_card_amount": number,
"plan_event_id": number | null,
"processed_by": string | null,
"processed_by_at": string | null,
"request_key": string | null,
"start_at": string | null,
"start_cash": number,
"status": Database["public"]['Enums']["eod_status"],
"stock_transfer_id": number | null,
"tenant_id": string,
"total": number,
"total_miscellaneous": number,
"updated_at": string,
"user_id": string | null,
"wallmob_user_defined": string | null
            }
                          SetofOptions: {
        from: "*"
        to: "end_of_day_reports"
        isOneToOne: true
        isSetofReturn: false
      } },
"create_manual_counting_document":
{ Args: { "p_counted_at"?: string,"p_request_key"?: string,"p_warehouse_id": number }; Returns: number
                           },
"create_plan_events":
{ Args: { "p_car_id": number,"p_dates": (string)[],"p_depo_id": number,"p_recurrence_interval"?: number,"p_request_key"?: string,"p_route_id": number,"p_series_end"?: string,"p_user_id": string }; Returns: {
              "car_id": number,
"car_not_moving": boolean,
"converted_at": string | null,
"converted_by": string | null,
"converted_route_id": number | null,
"created_at": string,
"date": string,
"day_span": number,
"depo_id": number,
"estimated_at": string | null,
"estimated_from_position_at": string | null,
"id": number,
"route_id": number,
"series_id": number | null,
"sms_stopped_at": string | null,
"start_at_hour": number,
"start_at_min": number,
"started_at": string | null,
"tenant_id": string,
"trip_finished_at": string | null,
"user_id": string
            }[]
                          SetofOptions: {
        from: "*"
        to: "plan_events"
        isOneToOne: false
        isSetofReturn: true
      } },
"create_route_point":
{ Args: { "address": string,"lat"?: number,"lng"?: number,"position"?: number,"route_id": number }; Returns: {
              "address": string | null,
"arrival_time": string | null,
"custom_address": string | null,
"deleted_at": string | null,
"depo_id": number,
"google_estimate_time": string | null,
"id": number,
"lat": number | null,
"lng": number | null,
"point_type": string | null,
"position": number,
"private_comment": string | null,
"public_comment": string | null,
"route_id": number,
"sales_count": number,
"separator": boolean,
"tenant_id": string,
"use_custom_address": boolean,
"wait_time": number
            }
                          SetofOptions: {
        from: "*"
        to: "route_points"
        isOneToOne: true
        isSetofReturn: false
      } },
"create_stock_transfer":
{ Args: { "p_description"?: string,"p_from_warehouse_id"?: number,"p_kind"?: Database["public"]['Enums']["stock_kind"],"p_lines"?: Json,"p_main_storage_message"?: string,"p_request_key"?: string,"p_stock_order_id"?: number,"p_to_warehouse_id"?: number }; Returns: number
                           },
"custom_access_token_hook":
{ Args: { "event": Json }; Returns: Json
                           },
"customers_page":
{ Args: { "p_consent"?: string,"p_page"?: number,"p_per_page"?: number,"p_search_phrase"?: string,"p_tenant_id": string }; Returns: {
              "address": string,"email": string,"first_name": string,"gender": Database["public"]['Enums']["gender"],"id": number,"last_name": string,"name": string,"phone": string,"sms_permission": boolean,"username": string
            }[]
                           },
"delete_manual_counting_document":
{ Args: { "p_document_id": number }; Returns: undefined
                           },
"delete_plan_event":
{ Args: { "p_plan_event_id": number }; Returns: {
              "car_id": number,
"car_not_moving": boolean,
"converted_at": string | null,
"converted_by": string | null,
"converted_route_id": number | null,
"created_at": string,
"date": string,
"day_span": number,
"depo_id": number,
"estimated_at": string | null,
"estimated_from_position_at": string | null,
"id": number,
"route_id": number,
"series_id": number | null,
"sms_stopped_at": string | null,
"start_at_hour": number,
"start_at_min": number,
"started_at": string | null,
"tenant_id": string,
"trip_finished_at": string | null,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "plan_events"
        isOneToOne: true
        isSetofReturn: false
      } },
"delete_plan_event_series":
{ Args: { "p_plan_event_id": number }; Returns: {
              "car_id": number,
"car_not_moving": boolean,
"converted_at": string | null,
"converted_by": string | null,
"converted_route_id": number | null,
"created_at": string,
"date": string,
"day_span": number,
"depo_id": number,
"estimated_at": string | null,
"estimated_from_position_at": string | null,
"id": number,
"route_id": number,
"series_id": number | null,
"sms_stopped_at": string | null,
"start_at_hour": number,
"start_at_min": number,
"started_at": string | null,
"tenant_id": string,
"trip_finished_at": string | null,
"user_id": string
            }[]
                          SetofOptions: {
        from: "*"
        to: "plan_events"
        isOneToOne: false
        isSetofReturn: true
      } },
"delete_plan_events_in_range":
{ Args: { "p_car_id": number,"p_end_date": string,"p_start_date": string }; Returns: {
              "car_internal_number": string,"date": string,"id": number,"route_name": string
            }[]
                           },
"delete_route":
{ Args: { "route_id": number }; Returns: {
              "administration_time": number | null,
"copy_request_key": string | null,
"created_at": string,
"deleted_at": string | null,
"depo_id": number,
"end_address": string | null,
"end_lat": number | null,
"end_lng": number | null,
"eod_administration_time": number | null,
"first_stop_arrival_time": string | null,
"id": number,
"last_stop_arrival_time": string | null,
"minimum_efficient_sales_count": number,
"name": string,
"radius": number | null,
"return_to_depo": boolean,
"route_duration": number | null,
"route_type": string | null,
"should_approve": Database["public"]['Enums']["route_approval"],
"should_leave_at_time": string | null,
"start_address": string | null,
"start_lat": number | null,
"start_lng": number | null,
"tag": string | null,
"tenant_id": string,
"version": number
            }
                          SetofOptions: {
        from: "*"
        to: "routes"
        isOneToOne: true
        isSetofReturn: false
      } },
"delete_stock_order":
{ Args: { "p_order_id": number }; Returns: undefined
                           },
"depo_route_list":
{ Args: { "p_depo_id": number,"p_filter"?: string }; Returns: {
              "created_at": string,"deleted_at": string,"depo_id": number,"first_stop_arrival_time": string,"id": number,"minimum_efficient_sales_count": number,"name": string,"radius": number,"route_duration": number,"route_type": string,"should_approve": Database["public"]['Enums']["route_approval"],"stops_count": number,"tag": string
            }[]
                           },
"depo_warehouse_orders":
{ Args: { "p_depo_id": number,"p_end_date": string,"p_from_warehouse_ids"?: (number)[],"p_order_direction"?: string,"p_order_key"?: string,"p_page"?: number,"p_start_date": string,"p_to_warehouse_ids"?: (number)[] }; Returns: {
              "created_by_name": string,"from_name": string,"id": number,"kind": Database["public"]['Enums']["stock_kind"],"message": string,"ordered_at": string,"status": Database["public"]['Enums']["stock_order_status"],"to_name": string,"warehouse_id": number
            }[]
                           },
"destroy_route_points_by_address":
{ Args: { "address": string,"route_id": number }; Returns: number
                           },
"driven_trail":
{ Args: { "pe": Omit<Database["public"]['Tables']["plan_events"]['Row'], Database["public"]['Tables']["plan_events"]['ComputedFields']> }; Returns: string
                           },
"end_gps_sync_tick":
{ Args: { "p_run_id": string }; Returns: undefined
                           },
"end_of_day_report_header":
{ Args: { "p_report_id": number }; Returns: {
              "car_internal_number": string,"driver_name": string,"id": number,"plan_event_date": string,"route_name": string
            }[]
                           },
"end_of_day_report_list":
{ Args: { "p_car_ids"?: (number)[],"p_depo_id": number,"p_end": string,"p_page"?: number,"p_start": string,"p_tab": string }; Returns: {
              "approved_by_name": string,"car_id": number,"car_internal_number": string,"cash_register_name": string,"driver_has_wallmob_user": boolean,"driver_name": string,"end_at": string,"final_total": number,"id": number,"plan_event_date": string,"plan_event_id": number,"route_name": string,"start_at": string,"status": Database["public"]['Enums']["eod_status"],"stock_transfer_id": number,"user_id": string
            }[]
                           },
"eod_plan_event_options":
{ Args: { "p_date": string,"p_depo_id": number }; Returns: {
              "cash_register_id": number,"id": number,"title": string
            }[]
                           },
"eod_user_options":
{ Args: { "p_depo_id": number }; Returns: {
              "full_name": string,"id": string
            }[]
                           },
"export_b2b_orders_csv":
{ Args: { "p_order_ids": (number)[] }; Returns: string
                           },
"feedback_filter_choices":
{ Args: { "p_depo_id": number }; Returns: {
              "id": string,"kind": string,"name": string
            }[]
                           },
"ingest_pos_orders":
{ Args: { "p_orders": Json,"p_tenant": string }; Returns: Json
                           },
"inventory_product_form":
{ Args: { "p_product_id": number }; Returns: Json
                           },
"inventory_products":
{ Args: { "p_depo_id": number,"p_search"?: string,"p_statuses"?: (Database["public"]['Enums']["active_status"])[] }; Returns: {
              "b2b_product": boolean,"description": string,"id": number,"minimum_for_cars": number,"minimum_for_depo": number,"minimum_id": number,"packaging_size": number,"sales_price": number,"sequence_number": number,"sku": string,"status": Database["public"]['Enums']["active_status"]
            }[]
                           },
"inventory_warehouses":
{ Args: { "p_depo_id": number }; Returns: {
              "axapta_id": string,"code": string,"id": number,"name": string,"negative_balances": number,"owner_car_id": number,"owner_title": string,"owner_type": Database["public"]['Enums']["warehouse_owner_type"],"primary": boolean
            }[]
                           },
"manual_counting_document":
{ Args: { "p_document_id": number }; Returns: {
              "approved_at": string,"approved_by_email": string,"approved_by_name": string,"counted_at": string,"created_at": string,"created_by_name": string,"depo_id": number,"editable": boolean,"id": number,"owner_title": string,"owner_type": Database["public"]['Enums']["warehouse_owner_type"],"status": Database["public"]['Enums']["counting_status"],"stock_transfer_id": number,"warehouse_code": string,"warehouse_id": number,"warehouse_name": string
            }[]
                           },
"manual_counting_document_lines":
{ Args: { "p_document_id": number }; Returns: {
              "description": string,"id": number,"new_value": number,"old_value": number,"product_id": number,"sku": string,"value_changed": boolean
            }[]
                           },
"mark_webshop_orders_printed":
{ Args: { "p_order_ids": (number)[] }; Returns: {
              "id": number,"printed_at": string
            }[]
                           },
"move_remaining_product_balances":
{ Args: { "p_date": string,"p_product_id": number,"p_target_product_id": number }; Returns: Json
                           },
"move_route_points":
{ Args: { "expected_version": number,"keep_points"?: boolean,"point_ids": (number)[],"route_id": number,"target_route_id": number }; Returns: number
                           },
"move_webshop_order_to_depo":
{ Args: { "p_depo_id": number,"p_order_id": number }; Returns: {
              "depo_id": number,"id": number
            }[]
                           },
"nearest_public_stops":
{ Args: { "max_stops"?: number,"near_lat": number,"near_lng": number,"site": string }; Returns: {
              "address": string,"distance_m": number,"lat": number,"lng": number,"route_point_id": number,"stop_uuid": string,"upcoming": Json
            }[]
                           },
"password_verification_attempt_hook":
{ Args: { "event": Json }; Returns: Json
                           },
"plan_event_calendar_cars":
{ Args: { "p_depo_id": number,"p_week_start": string }; Returns: {
              "depo_id": number,"id": number,"internal_number": string,"is_current_depo": boolean
            }[]
                           },
"plan_event_calendar_choices":
{ Args: { "p_date": string,"p_depo_id": number,"p_except"?: number }; Returns: {
              "id": string,"kind": string,"label": string,"taken": boolean
            }[]
                           },
"plan_event_calendar_days":
{ Args: { "p_depo_id": number,"p_week_start": string }; Returns: {
              "avg": number,"avg_trip": number,"date": string,"total": number
            }[]
                           },
"plan_event_calendar_events":
{ Args: { "p_depo_id": number,"p_week_start": string }; Returns: {
              "can_be_deleted": boolean,"car_id": number,"car_internal_number": string,"date": string,"day_span": number,"depo_id": number,"id": number,"revenue": number,"route_id": number,"route_name": string,"series_end_date": string,"series_id": number,"series_recurrence_interval": number,"series_start_date": string,"start_at_hour": number,"start_at_min": number,"started_at": string,"user_email": string,"user_full_name": string,"user_id": string
            }[]
                           },
"plan_event_heat_map":
{ Args: { "plan_event_id": number,"tenant_slug": string }; Returns: Json
                           },
"plan_event_report":
{ Args: { "plan_event_id": number,"tenant_slug": string }; Returns: Json
                           },
"plan_event_sms_customers":
{ Args: { "plan_event_id": number,"tenant_slug": string }; Returns: Json
                           },
"plan_event_sms_templates":
{ Args: { "plan_event_id": number }; Returns: {
              "id": number,"name": string
            }[]
                           },
"planning_dashboard":
{ Args: { "depo_id": number }; Returns: Json
                           },
"product_transfer_export_page":
{ Args: { "p_after_id"?: number,"p_after_order_id"?: number,"p_after_time"?: string,"p_depo_id": number,"p_end_date": string,"p_limit"?: number,"p_start_date": string }; Returns: {
              "amount": number,"description": string,"from_warehouse": string,"kind": string,"line_id": number,"local_time": string,"product": string,"sku": string,"to_warehouse": string,"transfer_id": number,"transfered_at": string
            }[]
                           },
"public_customer_consents":
{ Args: { "customer_uuid": string }; Returns: {
              "marketing_agreement": boolean,"sms_permission": boolean
            }[]
                           },
"public_site":
{ Args: { "segment": string }; Returns: {
              "accent_color": string,"country_code": string,"homepage_url": string,"is_public": boolean,"language": string,"locale": string,"logo_url": string,"map_center_lat": number,"map_center_lng": number,"map_zoom": number,"name": string,"phone_prefix": string,"primary_color": string,"public_segment": string,"slug": string,"time_zone": string
            }[]
                           },
"public_site_languages":
{ Args: Record<PropertyKey, never>; Returns: {
              "language": string,"name": string,"segment": string
            }[]
                           },
"public_site_segments":
{ Args: Record<PropertyKey, never>; Returns: (string)[]
                           },
"public_sms_lead_minutes":
{ Args: { "site": string,"stop_route_point_id"?: number }; Returns: {
              "max_minutes": number,"min_minutes": number
            }[]
                           },
"public_tracking_car_location":
{ Args: { "stop_uuid": string }; Returns: Json
                           },
"public_tracking_feedback":
{ Args: { "comment"?: string,"customer_uuid": string,"positive": boolean,"stop_uuid": string }; Returns: string
                           },
"public_tracking_stop":
{ Args: { "customer_uuid"?: string,"stop_uuid": string }; Returns: Json
                           },
"public_tracking_unsubscribe":
{ Args: { "customer_uuid": string,"marketing_sms"?: boolean,"route_sms"?: boolean }; Returns: string
                           },
"record_user_identity_change":
{ Args: { "p_changed": (string)[],"p_first_name": string,"p_last_name": string,"p_method": string,"p_referer"?: string,"p_url": string,"p_user_id": string }; Returns: undefined
                           },
"remaining_product_warehouse_balances":
{ Args: { "p_product_id": number }; Returns: {
              "balance_amount": number,"warehouse_id": number,"warehouse_name": string,"warehouse_type": Database["public"]['Enums']["warehouse_owner_type"]
            }[]
                           },
"remove_b2b_customer_from_route_point":
{ Args: { "b2b_customer_id": number,"route_point_id": number }; Returns: Json
                           },
"request_public_subscription":
{ Args: { "address": string,"client_ip": string,"lat": number,"lng": number,"marketing_agreement": boolean,"marketing_consent_text": string,"original_address": string,"original_lat": number,"original_lng": number,"page": string,"phone": string,"route_point_id": number,"site": string,"sms_consent_text": string }; Returns: string
                           },
"reverse_known_address":
{ Args: { "p_country_code": string,"p_lat": number,"p_lng": number,"p_max_meters"?: number }; Returns: {
              "id": string,"lat": number,"lng": number,"place_name": string
            }[]
                           },
"route_customers":
{ Args: { "route_id": number }; Returns: {
              "address": string,"customer_id": number,"kind": string,"name": string,"phone": string,"position": number,"route_point_id": number
            }[]
                           },
"route_map_customers":
{ Args: { "east": number,"north": number,"route_id": number,"south": number,"west": number }; Returns: {
              "address": string,"customer_id": number,"exists_in_current_route": boolean,"exists_in_other_route": boolean,"has_route_number": boolean,"lat": number,"lng": number,"other_route": string,"phone": string,"route_number": string
            }[]
                           },
"route_map_phones":
{ Args: { "customer_ids": (number)[],"route_id": number }; Returns: {
              "address": string,"customer_id": number,"phone": string
            }[]
                           },
"route_map_similar_routes":
{ Args: { "customer_ids": (number)[],"route_id": number }; Returns: {
              "depo_title": string,"id": number,"name": string,"shared_customers": number,"stops": Json
            }[]
                           },
"route_point_alternative_routes":
{ Args: { "route_point_id": number }; Returns: {
              "depo_id": number,"id": number,"name": string
            }[]
                           },
"route_points_for_editor":
{ Args: { "end_date"?: string,"route_id": number,"start_date"?: string }; Returns: Json
                           },
"route_unplanned_sales":
{ Args: { "end_date"?: string,"route_id": number,"start_date"?: string }; Returns: {
              "address": string,"date": string,"id": number,"lat": number,"lng": number,"plan_event_id": number,"position": number,"visited_at": string
            }[]
                           },
"sales_export_page":
{ Args: { "p_after_id"?: number,"p_after_order_id"?: number,"p_after_time"?: string,"p_car_ids"?: (number)[],"p_depo_id": number,"p_end_date": string,"p_limit"?: number,"p_order_ids"?: (number)[],"p_start_date": string }; Returns: {
              "amount": number,"car": string,"category": string,"discount": number,"eod_order_id": number,"line_id": number,"local_time": string,"pos_order_id": string,"product": string,"quantity": number,"report_id": number,"route": string,"sku": string,"sold_at": string
            }[]
                           },
"save_arrival_estimates":
{ Args: { "p_estimates": Json,"p_plan_event_id": number }; Returns: number
                           },
"save_manual_counting_document":
{ Args: { "p_document_id": number,"p_lines": Json }; Returns: undefined
                           },
"save_route_points":
{ Args: { "approve"?: boolean,"expected_version": number,"points": Json,"route": Json,"route_id": number }; Returns: Json
                           },
"save_stock_order":
{ Args: { "p_approve"?: boolean,"p_from_warehouse_id"?: number,"p_kind"?: Database["public"]['Enums']["stock_kind"],"p_lines"?: Json,"p_main_storage_message"?: string,"p_order_id"?: number,"p_reason"?: string,"p_request_key"?: string,"p_to_warehouse_id"?: number }; Returns: number
                           },
"save_tenant_membership":
{ Args: { "p_axapta_code"?: string,"p_depo_ids": (number)[],"p_franchise_driver"?: boolean,"p_lakrids_driver_id"?: string,"p_lakrids_driver_name"?: string,"p_role": Database["public"]['Enums']["app_role"],"p_status": Database["public"]['Enums']["active_status"],"p_tenant_id": string,"p_user_id": string,"p_wallmob_id"?: string,"p_wallmob_name"?: string }; Returns: undefined
                           },
"search_known_addresses":
{ Args: { "p_country_code": string,"p_limit"?: number,"p_query": string }; Returns: {
              "id": string,"lat": number,"lng": number,"place_name": string
            }[]
                           },
"search_tenant_addresses":
{ Args: { "p_limit"?: number,"p_query": string,"p_tenant_id": string }; Returns: {
              "id": string,"lat": number,"lng": number,"place_name": string
            }[]
                           },
"send_custom_sms":
{ Args: { "plan_event_id": number,"request_key": string,"selected_customer_ids": (number)[],"text": string }; Returns: string
                           },
"send_stop_sms":
{ Args: { "plan_event_id": number,"request_key": string,"selected_customer_ids": (number)[],"sms_template_id": number }; Returns: string
                           },
"set_webshop_order_status":
{ Args: { "p_order_id": number,"p_status": Database["public"]['Enums']["order_status"] }; Returns: {
              "changed": boolean,"id": number,"status": Database["public"]['Enums']["order_status"]
            }[]
                           },
"sign_in_failure_notice":
{ Args: { "email": string }; Returns: string
                           },
"similar_routes":
{ Args: { "route_id": number }; Returns: {
              "depo_id": number,"depo_title": string,"id": number,"name": string,"shared_stops": number,"should_approve": Database["public"]['Enums']["route_approval"]
            }[]
                           },
"sms_budget_today":
{ Args: { "tenant_slug": string }; Returns: {
              "daily_budget": number,"held": number,"spent_today": number
            }[]
                           },
"sms_claim":
{ Args: { "max_rows"?: number,"token": string }; Returns: {
              "claim_expires_at": string | null,
"claim_token": string | null,
"created_at": string,
"customer_id": number | null,
"dedup_key": string,
"depo_id": number,
"error": string | null,
"id": number,
"kind": string,
"phone": string,
"plan_event_id": number | null,
"plan_event_route_point_id": number | null,
"provider": string | null,
"provider_message_id": string | null,
"provider_status": string | null,
"sent_at": string | null,
"sent_by": string | null,
"sms_receiver_id": number | null,
"status": Database["public"]['Enums']["sms_status"],
"status_at": string,
"submitted_at": string | null,
"tenant_id": string,
"text": string
            }[]
                          SetofOptions: {
        from: "*"
        to: "sms_outbox"
        isOneToOne: false
        isSetofReturn: true
      } },
"sms_enqueue_due":
{ Args: { "max_rows"?: number }; Returns: number
                           },
"sms_enqueue_renotify":
{ Args: { "max_rows"?: number }; Returns: number
                           },
"sms_expire_claims":
{ Args: Record<PropertyKey, never>; Returns: number
                           },
"sms_local_provider_send":
{ Args: { "ids": (number)[],"token": string }; Returns: number
                           },
"sms_mark_submitted":
{ Args: { "ids": (number)[],"token": string }; Returns: number[]
                           },
"sms_record_delivery_report":
{ Args: { "message_id": string,"outbox_id": number,"provider_name": string,"provider_report_status": string,"report_error"?: string,"report_status": Database["public"]['Enums']["sms_status"],"tenant_slug": string }; Returns: boolean
                           },
"sms_record_results":
{ Args: { "results": Json,"token": string }; Returns: number
                           },
"sms_send_count":
{ Args: { "plan_event_id": number,"selected_customer_ids": (number)[] }; Returns: number
                           },
"sms_tracking_path":
{ Args: { "customer_uuid": string,"stop_uuid": string,"tenant_slug": string }; Returns: string
                           },
"stop_sending_sms":
{ Args: { "plan_event_id": number }; Returns: number
                           },
"support_stop_map_stops":
{ Args: { "near_lat": number,"near_lng": number,"specific_day"?: string,"tenant_slug": string,"today"?: boolean }; Returns: {
              "address": string,"arrival_date": string,"depo_id": number,"depo_name": string,"distance": number,"driver_name": string,"google_estimate_time": string,"id": number,"internal_number": string,"lat": number,"license_number": string,"lng": number,"original_google_estimate_time": string,"phone": string,"plan_event_date": string,"plan_event_id": number,"point_visited": boolean,"position": number,"route_name": string,"uuid": string
            }[]
                           },
"support_stop_next_events":
{ Args: { "stop_id": number,"tenant_slug": string }; Returns: {
              "date": string,"depo_id": number,"id": number,"route_name": string
            }[]
                           },
"take_public_call":
{ Args: { "action": string,"client_ip": string,"subject": string }; Returns: undefined
                           },
"tenant_map_region":
{ Args: { "slug": string }; Returns: {
              "country_code": string,"map_center_lat": number,"map_center_lng": number,"map_zoom": number
            }[]
                           },
"tenant_public_branding":
{ Args: { "slug": string }; Returns: {
              "accent_color": string,"country_code": string,"homepage_url": string,"locale": string,"logo_url": string,"name": string,"primary_color": string,"slug": string
            }[]
                           },
"undo_delete_route":
{ Args: { "route_id": number }; Returns: {
              "administration_time": number | null,
"copy_request_key": string | null,
"created_at": string,
"deleted_at": string | null,
"depo_id": number,
"end_address": string | null,
"end_lat": number | null,
"end_lng": number | null,
"eod_administration_time": number | null,
"first_stop_arrival_time": string | null,
"id": number,
"last_stop_arrival_time": string | null,
"minimum_efficient_sales_count": number,
"name": string,
"radius": number | null,
"return_to_depo": boolean,
"route_duration": number | null,
"route_type": string | null,
"should_approve": Database["public"]['Enums']["route_approval"],
"should_leave_at_time": string | null,
"start_address": string | null,
"start_lat": number | null,
"start_lng": number | null,
"tag": string | null,
"tenant_id": string,
"version": number
            }
                          SetofOptions: {
        from: "*"
        to: "routes"
        isOneToOne: true
        isSetofReturn: false
      } },
"unsubscribe_public_customer":
{ Args: { "customer_uuid": string,"marketing": boolean,"sms": boolean }; Returns: string
                           },
"unsubscribe_public_phone":
{ Args: { "phone": string,"site": string }; Returns: string
                           },
"update_multiple_customers":
{ Args: { "customer_ids": (number)[],"route_point_id": number }; Returns: number
                           },
"update_plan_event_assignment":
{ Args: { "p_plan_event_id": number,"p_route_id": number,"p_user_id": string }; Returns: {
              "car_id": number,
"car_not_moving": boolean,
"converted_at": string | null,
"converted_by": string | null,
"converted_route_id": number | null,
"created_at": string,
"date": string,
"day_span": number,
"depo_id": number,
"estimated_at": string | null,
"estimated_from_position_at": string | null,
"id": number,
"route_id": number,
"series_id": number | null,
"sms_stopped_at": string | null,
"start_at_hour": number,
"start_at_min": number,
"started_at": string | null,
"tenant_id": string,
"trip_finished_at": string | null,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "plan_events"
        isOneToOne: true
        isSetofReturn: false
      } },
"update_plan_event_start":
{ Args: { "p_hour": number,"p_min": number,"p_plan_event_id": number }; Returns: {
              "car_id": number,
"car_not_moving": boolean,
"converted_at": string | null,
"converted_by": string | null,
"converted_route_id": number | null,
"created_at": string,
"date": string,
"day_span": number,
"depo_id": number,
"estimated_at": string | null,
"estimated_from_position_at": string | null,
"id": number,
"route_id": number,
"series_id": number | null,
"sms_stopped_at": string | null,
"start_at_hour": number,
"start_at_min": number,
"started_at": string | null,
"tenant_id": string,
"trip_finished_at": string | null,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "plan_events"
        isOneToOne: true
        isSetofReturn: false
      } },
"update_unmapped_end_of_day_report_times":
{ Args: { "p_end_at": string,"p_report_id": number,"p_start_at": string }; Returns: Json
                           },
"warehouse_manual_counting_documents":
{ Args: { "p_page"?: number,"p_warehouse_id": number }; Returns: {
              "approved_at": string,"counted_at": string,"created_at": string,"created_by_name": string,"id": number,"status": Database["public"]['Enums']["counting_status"]
            }[]
                           },
"warehouse_owners":
{ Args: { "p_depo_id": number,"p_warehouse_id"?: number }; Returns: {
              "available": boolean,"owner_id": number,"owner_type": Database["public"]['Enums']["warehouse_owner_type"],"title": string
            }[]
                           },
"warehouse_products_balance":
{ Args: { "p_warehouse_id": number }; Returns: {
              "actual_balance": number,"balance_amount": number,"balance_id": number,"description": string,"future_inventory_date": string,"future_inventory_quantity": number,"id": number,"minimum_required_balance": number,"missing_balance_amount": number,"missing_balance_packages_count": number,"packaging_size": number,"sku": string
            }[]
                           },
"warehouse_stock_orders":
{ Args: { "p_page"?: number,"p_warehouse_id": number }; Returns: {
              "created_at": string,"created_by_name": string,"exportable": boolean,"from_name": string,"from_warehouse_id": number,"id": number,"kind": Database["public"]['Enums']["stock_kind"],"message": string,"ordered_at": string,"status": Database["public"]['Enums']["stock_order_status"],"to_name": string,"to_warehouse_id": number
            }[]
                           },
"warehouse_stock_transfers":
{ Args: { "p_page"?: number,"p_warehouse_id": number }; Returns: {
              "created_by_name": string,"description": string,"from_name": string,"from_warehouse_id": number,"id": number,"kind": Database["public"]['Enums']["stock_kind"],"to_name": string,"to_warehouse_id": number,"transfered_at": string
            }[]
                           },
"weekday_sms_customers":
{ Args: { "day": string,"depo_id": number,"tenant_slug": string }; Returns: Json
                           },
"write_off_export_rows":
{ Args: { "p_depo_id": number,"p_end_date": string,"p_from_warehouse_ids"?: (number)[],"p_start_date": string }; Returns: {
              "amount": number,"created_by_name": string,"description": string,"description_of_transfer": string,"sku": string,"transfer_id": number,"transfered_at": string,"warehouse_code": string,"warehouse_name": string
            }[]
                           }
          }
          Enums: {
            "active_status": "active"|"inactive","app_role": "admin"|"depo_admin"|"support"|"driver","counting_status": "draft"|"approved","eod_status": "pending"|"pending_edited"|"approved"|"approved_edited","feedback_status": "pending"|"approved","gender": "female"|"male","order_status": "new"|"completed"|"failed"|"cancelled"|"pickup","route_approval": "pending"|"approved"|"rejected","sms_status": "queued"|"sending"|"unknown"|"sent"|"delivered"|"undelivered"|"failed","stock_kind": "regular"|"sales"|"write_off"|"manual_counting"|"other"|"win_lose","stock_order_status": "pending"|"received","storage_unit": "stk"|"kolli","warehouse_owner_type": "depo"|"car","webshop_order_kind": "eshop"|"b2b"
          }
          CompositeTypes: {
            [_ in never]: never
          }
        }
}

type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
  ? (DefaultSchema["Tables"] & DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
      Row: infer R
    }
    ? R
    : never
  : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
  ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
      Insert: infer I
    }
    ? I
    : never
  : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
  ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
      Update: infer U
    }
    ? U
    : never
  : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
  ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
  : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
  ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
  : never

export const Constants = {
  "public": {
          Enums: {
            "active_status": ["active", "inactive"],"app_role": ["admin", "depo_admin", "support", "driver"],"counting_status": ["draft", "approved"],"eod_status": ["pending", "pending_edited", "approved", "approved_edited"],"feedback_status": ["pending", "approved"],"gender": ["female", "male"],"order_status": ["new", "completed", "failed", "cancelled", "pickup"],"route_approval": ["pending", "approved", "rejected"],"sms_status": ["queued", "sending", "unknown", "sent", "delivered", "undelivered", "failed"],"stock_kind": ["regular", "sales", "write_off", "manual_counting", "other", "win_lose"],"stock_order_status": ["pending", "received"],"storage_unit": ["stk", "kolli"],"warehouse_owner_type": ["depo", "car"],"webshop_order_kind": ["eshop", "b2b"]
          }
        }
} as const
